import { dispatchInboundEvent } from '../ingest/dispatch-inbound-event';
import { emitMessage } from '../sandbox-platform/sandbox.service';
import type { AppServices } from '../services';
import { createFlow, publishFlow, saveFlowDraft } from './flows.service';

type Scope = { organizationId: string; teamId: string };

/**
 * The demo's automation: an active Instagram flow answering shipping questions with quick
 * replies, and one person asking, so the flow has a real run (recorded when the DM is consumed,
 * run by the worker) and the thread shows the automated answer. Beside it, a flow someone started
 * and parked (a draft with a step still to write), as a builder of work in progress shows it.
 */
export async function seedDemoAutomations(services: AppServices, scope: Scope, instagramAccountId: string) {
  const flow = await createFlow(services.db, scope, {
    teamId: scope.teamId,
    name: 'Shipping questions',
    platformScope: 'INSTAGRAM',
    definition: {
      trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId: instagramAccountId, keywords: ['ship', 'shipping', 'delivery'] },
      steps: [
        {
          id: 'answer',
          type: 'SEND_MESSAGE',
          message: {
            text: 'Thanks for asking! We ship across Europe and North America in 3–7 days. Where should it go?',
            quickReplies: [
              { label: 'Europe', payload: 'SHIP_EU' },
              { label: 'North America', payload: 'SHIP_NA' },
            ],
          },
        },
      ],
    },
  });
  await publishFlow(services.db, { ...scope, id: flow.id }, {});
  const [event] = await emitMessage(services, {
    organizationId: scope.organizationId,
    socialAccountId: instagramAccountId,
    senderId: '17841400000000004',
    senderName: 'Aiko Tanaka',
    text: 'Hello! What does shipping to Lisbon cost?',
  });
  if (event) await dispatchInboundEvent(services, event.id);
  await seedParkedFlowDraft(services, scope, instagramAccountId);
}

/** A giveaway flow saved half-way: its message is still empty, so it is a draft with one problem, not live. */
async function seedParkedFlowDraft(services: AppServices, scope: Scope, instagramAccountId: string) {
  const flow = await createFlow(services.db, scope, { teamId: scope.teamId, name: 'Giveaway entries (work in progress)', platformScope: 'INSTAGRAM' });
  await saveFlowDraft(
    services.db,
    { ...scope, id: flow.id },
    {
      definition: {
        trigger: { type: 'COMMENT_CREATED', platform: 'INSTAGRAM', socialAccountId: instagramAccountId, keywords: ['giveaway', 'enter'] },
        steps: [{ id: 'confirm-entry', type: 'SEND_MESSAGE', message: { text: '' } }],
      },
    },
  );
}
