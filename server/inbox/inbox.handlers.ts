import { createRouter } from '../http/create-router';
import { getConversationRow, listConversations, listMessages, presentConversation, setConversationStatus } from './conversations.service';
import { dmsEnabled } from './dms-enabled';
import { withHumanAgentWindow, withHumanAgentWindowOne } from './human-agent-window';
import * as routes from './inbox.routes';
import { reactToMessage, readConversation, sendMessage, sendPrivateReply, sendRichMessage } from './send.service';

const router = createRouter();
// `/conversations/*` also matches `/conversations` itself.
router.use('/conversations/*', dmsEnabled);
router.use('/automation-rich-messages/*', dmsEnabled);

export const inboxRouter = router;
router.openapi(routes.listConversationsRoute, async (c) => {
  const result = await listConversations(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  return c.json({ ...result, items: await withHumanAgentWindow(c.var.services, result.items) }, 200);
});
router.openapi(routes.getConversationRoute, async (c) => {
  const row = await getConversationRow(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(await withHumanAgentWindowOne(c.var.services, await presentConversation(c.var.services.db, row)), 200);
});
router.openapi(routes.listMessagesRoute, async (c) => {
  const result = await listMessages(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(result, 200);
});
router.openapi(routes.readConversationRoute, async (c) => {
  const body = (c.req.valid('json') as { readAt?: string } | undefined) ?? {};
  const read = await readConversation(c.var.services, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id }, body);
  return c.json(await withHumanAgentWindowOne(c.var.services, read), 200);
});
router.openapi(routes.archiveConversationRoute, async (c) => {
  const row = await setConversationStatus(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id, status: 'ARCHIVED' });
  return c.json(await withHumanAgentWindowOne(c.var.services, await presentConversation(c.var.services.db, row)), 200);
});
router.openapi(routes.openConversationRoute, async (c) => {
  const row = await setConversationStatus(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id, status: 'OPEN' });
  return c.json(await withHumanAgentWindowOne(c.var.services, await presentConversation(c.var.services.db, row)), 200);
});
router.openapi(routes.updateConversationRoute, async (c) => {
  const row = await setConversationStatus(c.var.services.db, {
    organizationId: c.var.auth.organizationId,
    id: c.req.valid('param').id,
    ...c.req.valid('json'),
  });
  return c.json(await withHumanAgentWindowOne(c.var.services, await presentConversation(c.var.services.db, row)), 200);
});
router.openapi(routes.sendMessageRoute, async (c) => {
  const result = await sendMessage(c.var.services, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id }, c.req.valid('json'));
  return c.json({ ...result, conversation: await withHumanAgentWindowOne(c.var.services, result.conversation) }, 200);
});
router.openapi(routes.reactToMessageRoute, async (c) => {
  const params = c.req.valid('param');
  return c.json(await reactToMessage(c.var.services, { organizationId: c.var.auth.organizationId, ...params }, c.req.valid('json')), 200);
});
router.openapi(routes.privateReplyRoute, async (c) => {
  return c.json(await sendPrivateReply(c.var.services, { organizationId: c.var.auth.organizationId }, c.req.valid('json')), 200);
});
router.openapi(routes.richMessageRoute, async (c) => {
  const params = c.req.valid('param');
  return c.json(
    await sendRichMessage(c.var.services, { organizationId: c.var.auth.organizationId, conversationId: params.conversationId }, c.req.valid('json')),
    200,
  );
});
