import { describe, expect, it } from 'vitest';
import type { FetchedComment } from '@/api/get-fetched-comments';
import type { ServiceComment } from '../api/get-post-replies';
import { buildThreads } from './comment-threads';

let seq = 0;
function fetched(externalId: string, externalParentId: string | null, minute: number): FetchedComment {
  seq += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
  return {
    id: `fc_${externalId}`,
    teamId: 't',
    organizationId: 'o',
    postId: 'p',
    importedPostId: null,
    socialAccountId: 'a',
    importId: 'i',
    platform: 'MASTODON',
    externalId,
    externalParentId,
    externalPostId: 'post',
    authorName: `author ${seq}`,
    authorExternalId: 'x',
    authorProfileUrl: null,
    authorAvatarUrl: null,
    text: externalId,
    likesCount: 0,
    repliesCount: 0,
    platformData: {
      canDelete: false,
      canHide: false,
      canLike: true,
      canModerate: false,
      hidden: false,
      likedByMe: false,
      owner: false,
      moderationStatus: null,
    },
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
  };
}

function own(id: string, parent: string | null, externalId?: string): ServiceComment {
  return {
    id,
    teamId: 't',
    organizationId: 'o',
    internalPostId: 'p',
    importedPostId: null,
    internalParentCommentId: null,
    fetchedParentCommentId: parent,
    title: 'Reply',
    postDate: '2026-01-01T13:00:00.000Z',
    postedDate: null,
    status: 'PROCESSING',
    socialAccountTypes: ['MASTODON'],
    data: {},
    error: null,
    errors: {},
    errorsVerbose: {},
    externalData: externalId ? { MASTODON: { id: externalId } } : {},
    createdAt: '2026-01-01T13:00:00.000Z',
    updatedAt: '2026-01-01T13:00:00.000Z',
    deletedAt: null,
  };
}

describe('buildThreads', () => {
  it('nests replies under their parent in the order written, newest thread first', () => {
    const list = [fetched('a', null, 1), fetched('b', null, 5), fetched('a2', 'a', 9), fetched('a1', 'a', 3), fetched('orphan', 'gone', 7)];
    const { threads } = buildThreads(list, [], 'MASTODON');
    expect(threads.map((thread) => thread.comment.externalId)).toEqual(['orphan', 'b', 'a']);
    expect(threads[2]!.replies.map((reply) => reply.comment.externalId)).toEqual(['a1', 'a2']);
  });

  it('puts own replies under the comment they answer until the platform lists them', () => {
    const list = [fetched('a', null, 1), fetched('mine', 'a', 2)];
    const { threads, ownTopLevel } = buildThreads(list, [own('c1', 'fc_a'), own('c2', 'fc_a', 'mine'), own('c3', null), own('c4', 'fc_missing')], 'MASTODON');
    expect(threads[0]!.own.map((comment) => comment.id)).toEqual(['c1']);
    expect(ownTopLevel.map((comment) => comment.id)).toEqual(['c3']);
    expect(buildThreads(list, [own('c1', 'fc_a')], 'BLUESKY').threads[0]!.own).toEqual([]);
  });
});
