import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import * as s from './youtube-playlists.schemas';

/* The outline's YouTube playlist group and custom thumbnails (issue 27, decision 091). */
const tags = ['Platform actions'];
const common = { tags, security: apiKeySecurity };

export const setThumbnailRoute = createRoute({
  ...common,
  method: 'post',
  path: '/misc/youtube/thumbnail',
  operationId: 'miscYoutubeSetThumbnail',
  summary: 'Set or change thumbnail for a YouTube video',
  request: { body: jsonBody(s.SetThumbnailBody) },
  responses: { 200: jsonResponse(s.ThumbnailResultSchema, 'The thumbnails YouTube made from the image'), ...errorResponses(404, 502) },
});

export const listPlaylistsRoute = createRoute({
  ...common,
  method: 'get',
  path: '/misc/youtube/playlist',
  operationId: 'miscYoutubeGetPlaylists',
  summary: 'Get channel playlists',
  request: { query: s.PlaylistsQuery },
  responses: { 200: jsonResponse(s.PlaylistListSchema, 'The channel’s playlists'), ...errorResponses(404, 502) },
});

export const createPlaylistRoute = createRoute({
  ...common,
  method: 'post',
  path: '/misc/youtube/playlist',
  operationId: 'miscYoutubeCreatePlaylist',
  summary: 'Create a new playlist',
  request: { body: jsonBody(s.PlaylistBody) },
  responses: { 200: jsonResponse(s.PlaylistSchema, 'The playlist'), ...errorResponses(404, 502) },
});

export const updatePlaylistRoute = createRoute({
  ...common,
  method: 'put',
  path: '/misc/youtube/playlist',
  operationId: 'miscYoutubeUpdatePlaylist',
  summary: 'Update an existing playlist',
  request: { body: jsonBody(s.UpdatePlaylistBody) },
  responses: { 200: jsonResponse(s.PlaylistSchema, 'The playlist'), ...errorResponses(404, 502) },
});

export const deletePlaylistRoute = createRoute({
  ...common,
  method: 'delete',
  path: '/misc/youtube/playlist/{playlistId}',
  operationId: 'miscYoutubeDeletePlaylist',
  summary: 'Delete a playlist',
  request: { params: s.PlaylistParams, query: s.TeamQuery },
  responses: { 200: jsonResponse(s.DeletedSchema, 'Deleted'), ...errorResponses(404, 502) },
});

export const addPlaylistItemRoute = createRoute({
  ...common,
  method: 'post',
  path: '/misc/youtube/playlist-items',
  operationId: 'miscYoutubeAddPlaylistItem',
  summary: 'Add a video to a playlist',
  request: { body: jsonBody(s.AddPlaylistItemBody) },
  responses: { 200: jsonResponse(s.PlaylistItemSchema, 'The playlist item'), ...errorResponses(404, 502) },
});

export const listPlaylistItemsRoute = createRoute({
  ...common,
  method: 'get',
  path: '/misc/youtube/playlist-items',
  operationId: 'miscYoutubeGetPlaylistItems',
  summary: 'Get videos from a playlist',
  request: { query: s.PlaylistItemsQuery },
  responses: { 200: jsonResponse(s.PlaylistItemListSchema, 'The playlist’s videos'), ...errorResponses(404, 502) },
});

export const deletePlaylistItemRoute = createRoute({
  ...common,
  method: 'delete',
  path: '/misc/youtube/playlist-items/{playlistItemId}',
  operationId: 'miscYoutubeDeletePlaylistItem',
  summary: 'Remove a video from a playlist',
  request: { params: s.PlaylistItemParams, query: s.TeamQuery },
  responses: { 200: jsonResponse(s.DeletedSchema, 'Removed'), ...errorResponses(404, 502) },
});
