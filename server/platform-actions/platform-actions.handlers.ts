import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { createRouter } from '../http/create-router';
import { BadRequestError } from '../http/errors';
import type { PostEdit } from '../platforms/actions';
import type { PostPlatform } from '../platforms/platform-types';
import { COMMENT_PATHS, deleteRoute, editRoute, POST_PATHS } from './platform-actions.routes';
import { deletePlatformComment, deletePublishedPost, editPlatformComment, editPublishedPost } from './platform-actions.service';

type EditBody = {
  teamId: string;
  postId: string;
  description?: string;
  title?: string;
  tags?: string[];
  categoryId?: string;
  privacyStatus?: PostEdit['privacyStatus'];
  spoilerText?: string;
};

/** The outline's body fields, in the capability's terms: `description` is the post's text everywhere. */
function postEditOf(platform: PostPlatform, body: EditBody): PostEdit {
  const edit: PostEdit = { text: body.description };
  if (platform === 'YOUTUBE') Object.assign(edit, { title: body.title, tags: body.tags, categoryId: body.categoryId, privacyStatus: body.privacyStatus });
  if (platform === 'MASTODON') edit.spoilerText = body.spoilerText;
  return edit;
}

// Every body was validated by its route's schema; the loop registers many routes, so it reads them loosely typed.
const json = <T>(c: Context<AppEnv>) => (c.req.valid as (target: 'json') => T)('json');
const scopeOf = (c: Context<AppEnv>, teamId: string) => ({ organizationId: c.var.auth.organizationId, teamId });

export const platformActionsRouter = createRouter();
type Register = (route: unknown, handler: (c: Context<AppEnv>) => Promise<Response>) => unknown;
const register = platformActionsRouter.openapi.bind(platformActionsRouter) as unknown as Register;

for (const item of POST_PATHS) {
  if (item.edit) {
    register(editRoute(item, 'post'), async (c) => {
      const body = json<EditBody>(c);
      if (item.platform === 'PINTEREST') {
        // Pinterest's API lets apps create and delete pins, not change a published one.
        throw new BadRequestError('Editing a published Pinterest pin is disabled: Pinterest does not allow it; delete the pin and publish a new one');
      }
      return c.json(await editPublishedPost(c.var.services, scopeOf(c, body.teamId), item.platform, body.postId, postEditOf(item.platform, body)), 200);
    });
  }
  if (item.remove) {
    register(deleteRoute(item, 'post'), async (c) => {
      const body = json<{ teamId: string; postId: string }>(c);
      return c.json(await deletePublishedPost(c.var.services, scopeOf(c, body.teamId), item.platform, body.postId), 200);
    });
  }
}

for (const item of COMMENT_PATHS) {
  if (item.edit) {
    register(editRoute(item, 'comment'), async (c) => {
      const body = json<{ teamId: string; commentId: string; text: string; spoilerText?: string }>(c);
      return c.json(await editPlatformComment(c.var.services, scopeOf(c, body.teamId), item.platform, body), 200);
    });
  }
  if (item.remove) {
    register(deleteRoute(item, 'comment'), async (c) => {
      const body = json<{ teamId: string; commentId: string }>(c);
      return c.json(await deletePlatformComment(c.var.services, scopeOf(c, body.teamId), item.platform, body.commentId), 200);
    });
  }
}
