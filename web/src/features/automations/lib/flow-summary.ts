import type { Flow } from '../api/flows';
import { sameDefinition } from './editor-model';

/** What a row and the editor's header say about a flow's versions. */
export function flowSummary(flow: Flow) {
  const definition = flow.publishedVersion?.definition ?? flow.draftVersion?.definition ?? null;
  return {
    platform: definition?.trigger.platform ?? (flow.platformScope === 'BOTH' ? null : flow.platformScope),
    socialAccountId: definition?.trigger.socialAccountId ?? null,
    triggerType: definition?.trigger.type ?? null,
    published: flow.publishedVersion?.version ?? null,
    draft: flow.draftVersion?.version ?? null,
    /** A draft saved after the last publish that says something else. */
    draftDiffers: !!flow.draftVersion && (!flow.publishedVersion || !sameDefinition(flow.draftVersion.definition, flow.publishedVersion.definition)),
  };
}

export const TRIGGER_LABELS = {
  COMMENT_CREATED: 'A comment on a post',
  DM_RECEIVED: 'A direct message',
  QUICK_REPLY_CLICKED: 'A quick reply tap',
  BUTTON_CLICKED: 'A button tap',
} as const;

/** How an account is named in the builder: the page or profile name people know. */
export function accountLabel(account: { displayName?: string | null; username?: string | null; id: string }): string {
  return account.displayName ?? account.username ?? account.id;
}
