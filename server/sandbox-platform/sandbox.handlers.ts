import { toSocialAccountDto } from '../accounts/account-record';
import { createRouter } from '../http/create-router';
import * as routes from './sandbox.routes';
import * as sandbox from './sandbox.service';
import { deleteSandboxComment, editSandboxComment, likeSandboxComment } from './sandbox-comment-activity';
import { emitSandboxReview } from './sandbox-reviews.service';

const publishedItem = (item: { id: string; externalId: string; permalink: string | null; text: string | null; createdAt: Date }) => ({
  id: item.id,
  externalId: item.externalId,
  permalink: item.permalink,
  text: item.text,
  createdAt: item.createdAt.toISOString(),
});
const emitted = (rows: Awaited<ReturnType<typeof sandbox.emitMessage>>) => ({ items: rows.map(sandbox.toInboundEventDto), total: rows.length });

/** The sandbox control API: registered only when SANDBOX is on, behind the same authentication. */
export const sandboxRouter = createRouter();
sandboxRouter.openapi(routes.connectSandboxAccountRoute, async (c) => {
  const row = await sandbox.connectSandboxAccount(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(toSocialAccountDto(row), 200);
});
sandboxRouter.openapi(routes.revokeAccessRoute, async (c) => {
  const row = await sandbox.revokeAccess(c.var.services, { organizationId: c.var.auth.organizationId, socialAccountId: c.req.valid('param').id });
  return c.json(toSocialAccountDto(row), 200);
});
sandboxRouter.openapi(routes.expireTokenRoute, async (c) => {
  const row = await sandbox.expireToken(c.var.services, { organizationId: c.var.auth.organizationId, socialAccountId: c.req.valid('param').id });
  return c.json(toSocialAccountDto(row), 200);
});
sandboxRouter.openapi(routes.publishItemRoute, async (c) => {
  const item = await sandbox.publishSandboxItem(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(publishedItem(item), 200);
});
sandboxRouter.openapi(routes.seedHistoryRoute, async (c) => {
  const items = await sandbox.seedSandboxHistory(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json({ items: items.map(publishedItem), total: items.length }, 200);
});
sandboxRouter.openapi(routes.listItemsRoute, async (c) => {
  const { items, total } = await sandbox.listSandboxItems(c.var.services, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  return c.json(
    {
      items: items.map((item) => ({
        id: item.id,
        externalId: item.externalId,
        kind: item.kind,
        parentId: item.parentId,
        permalink: item.permalink,
        text: item.text,
        authorExternalId: item.authorExternalId,
        authorUsername: item.authorUsername,
        authorName: typeof item.metadata.authorName === 'string' ? item.metadata.authorName : null,
        likeCount: item.likeCount + (item.ownerLikedAt ? 1 : 0),
        likedByOwner: !!item.ownerLikedAt,
        hiddenAt: item.hiddenAt?.toISOString() ?? null,
        editedAt: item.editedAt?.toISOString() ?? null,
        deletedAt: item.deletedAt?.toISOString() ?? null,
        metadata: item.metadata,
        createdAt: item.createdAt.toISOString(),
      })),
      total,
    },
    200,
  );
});
sandboxRouter.openapi(routes.editCommentRoute, async (c) =>
  c.json(emitted(await editSandboxComment(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.deleteCommentRoute, async (c) =>
  c.json(emitted(await deleteSandboxComment(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.likeCommentRoute, async (c) =>
  c.json(emitted(await likeSandboxComment(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.emitCommentRoute, async (c) =>
  c.json(emitted(await sandbox.emitComment(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.emitMessageRoute, async (c) =>
  c.json(emitted(await sandbox.emitMessage(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.emitMessageBatchRoute, async (c) =>
  c.json(emitted(await sandbox.emitMessageBatch(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.emitPostbackRoute, async (c) =>
  c.json(emitted(await sandbox.emitPostback(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.emitReactionRoute, async (c) =>
  c.json(emitted(await sandbox.emitReaction(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.emitReadRoute, async (c) =>
  c.json(emitted(await sandbox.emitRead(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.emitDeliveryRoute, async (c) =>
  c.json(emitted(await sandbox.emitDelivery(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.editMessageRoute, async (c) =>
  c.json(
    emitted(await sandbox.emitMessageChange(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId }, 'message.edited')),
    200,
  ),
);
sandboxRouter.openapi(routes.unsendMessageRoute, async (c) =>
  c.json(
    emitted(await sandbox.emitMessageChange(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId }, 'message.unsent')),
    200,
  ),
);
sandboxRouter.openapi(routes.emitEchoRoute, async (c) =>
  c.json(emitted(await sandbox.emitEcho(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.emitReviewRoute, async (c) =>
  c.json(emitted(await emitSandboxReview(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId })), 200),
);
sandboxRouter.openapi(routes.listInboundEventsRoute, async (c) => {
  const { items, total } = await sandbox.listInboundEvents(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  return c.json({ items: items.map(sandbox.toInboundEventDto), total }, 200);
});
sandboxRouter.openapi(routes.addFaultRoute, async (c) => {
  const fault = await sandbox.addFault(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(sandbox.toFaultDto(fault), 200);
});
sandboxRouter.openapi(routes.listFaultsRoute, async (c) => {
  const faults = await sandbox.listFaults(c.var.services.db, c.var.auth.organizationId);
  return c.json({ items: faults.map(sandbox.toFaultDto), total: faults.length }, 200);
});
sandboxRouter.openapi(routes.deleteFaultRoute, async (c) => {
  const fault = await sandbox.deleteFault(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(sandbox.toFaultDto(fault), 200);
});
