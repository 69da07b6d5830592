import { createRouter } from '../http/create-router';
import { buildLinkedinCommentary } from '../platforms/shared/linkedin-mentions';
import * as routes from './extras.routes';
import { extra } from './extras.service';

export const extrasRouter = createRouter();
extrasRouter.openapi(routes.instagramAudioRoute, async (c) => {
  const { teamId, audioType, searchQuery } = c.req.valid('query');
  const audio = await extra(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'INSTAGRAM', 'instagramAudio', { audioType, searchQuery });
  return c.json({ audio }, 200);
});
extrasRouter.openapi(routes.facebookTokenDebugRoute, async (c) => {
  const { teamId } = c.req.valid('query');
  return c.json(await extra(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'FACEBOOK', 'facebookTokenDebug', {}), 200);
});
extrasRouter.openapi(routes.linkedinReshareRoute, async (c) => {
  const { teamId, ...input } = c.req.valid('json');
  const reshare = await extra(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'LINKEDIN', 'linkedinReshare', input);
  return c.json({ success: true, ...reshare }, 200);
});
extrasRouter.openapi(routes.linkedinMentionsBuilderRoute, (c) => {
  const { text, tags } = c.req.valid('json');
  return c.json({ commentary: buildLinkedinCommentary(text, tags) }, 200);
});
