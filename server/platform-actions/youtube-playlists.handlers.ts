import { createRouter } from '../http/create-router';
import * as routes from './youtube-playlists.routes';
import { listResource, playlistItemResource, playlistResource, publishedVideo, youtubeCall } from './youtube-playlists.service';

export const youtubePlaylistsRouter = createRouter();

youtubePlaylistsRouter.openapi(routes.setThumbnailRoute, async (c) => {
  const { teamId, url, postId } = c.req.valid('json');
  const scope = { organizationId: c.var.auth.organizationId, teamId };
  const { videoId, account } = await publishedVideo(c.var.services, scope, postId);
  const items = await youtubeCall(c.var.services, scope, 'setThumbnail', { videoId, url }, account);
  return c.json({ items }, 200);
});

youtubePlaylistsRouter.openapi(routes.listPlaylistsRoute, async (c) => {
  const { teamId, maxResults, pageToken } = c.req.valid('query');
  const page = await youtubeCall(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'list', { maxResults, pageToken });
  return c.json(listResource('youtube#playlistListResponse', { ...page, items: page.items.map((item) => playlistResource(item)) }, maxResults), 200);
});

youtubePlaylistsRouter.openapi(routes.createPlaylistRoute, async (c) => {
  const { teamId, ...input } = c.req.valid('json');
  return c.json(playlistResource(await youtubeCall(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'create', input)), 200);
});

youtubePlaylistsRouter.openapi(routes.updatePlaylistRoute, async (c) => {
  const { teamId, ...input } = c.req.valid('json');
  return c.json(playlistResource(await youtubeCall(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'update', input)), 200);
});

youtubePlaylistsRouter.openapi(routes.deletePlaylistRoute, async (c) => {
  const { playlistId } = c.req.valid('param');
  const { teamId } = c.req.valid('query');
  await youtubeCall(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'remove', { playlistId });
  return c.json(true, 200);
});

youtubePlaylistsRouter.openapi(routes.addPlaylistItemRoute, async (c) => {
  const { teamId, playlistId, postId, position } = c.req.valid('json');
  const scope = { organizationId: c.var.auth.organizationId, teamId };
  const { videoId, account } = await publishedVideo(c.var.services, scope, postId);
  const item = await youtubeCall(c.var.services, scope, 'addItem', { playlistId, videoId, ...(position !== undefined ? { position } : {}) }, account);
  return c.json(playlistItemResource(item), 200);
});

youtubePlaylistsRouter.openapi(routes.listPlaylistItemsRoute, async (c) => {
  const { teamId, playlistId, maxResults, pageToken } = c.req.valid('query');
  const page = await youtubeCall(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'listItems', { playlistId, maxResults, pageToken });
  return c.json(listResource('youtube#playlistItemListResponse', { ...page, items: page.items.map(playlistItemResource) }, maxResults), 200);
});

youtubePlaylistsRouter.openapi(routes.deletePlaylistItemRoute, async (c) => {
  const { playlistItemId } = c.req.valid('param');
  const { teamId } = c.req.valid('query');
  await youtubeCall(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'removeItem', { playlistItemId });
  return c.json(true, 200);
});
