import { COMMENT_ACTION_RULES, type CommentAction, type CommentsCapability, type PlatformComment } from '../../comments';
import type { Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';
import { didOf } from './bluesky-session';
import { parseAtUri, POST_COLLECTION, postUri, profileUrlOf } from './bluesky-records';
import type { BlueskyXrpc } from './bluesky-xrpc';

const LIKE_COLLECTION = 'app.bsky.feed.like';
// How deep a thread is read: the AppView's own default is 6, its maximum 1000.
const THREAD_DEPTH = 100;

type PostView = {
  uri: string;
  cid: string;
  author: { did: string; handle: string; displayName?: string; avatar?: string };
  record: { text?: string; createdAt?: string; reply?: { root: { uri: string }; parent: { uri: string } } };
  replyCount?: number;
  likeCount?: number;
  indexedAt: string;
  viewer?: { like?: string };
};
/** A thread node; `#notFoundPost` and `#blockedPost` nodes have no `post` and are left out. */
type ThreadNode = { $type?: string; post?: PostView; replies?: ThreadNode[] };

/**
 * Replies are posts in the repositories of the people who wrote them: only the AppView, which
 * indexes every repository, knows which answer a post. They are read through the account's PDS,
 * which proxies `app.bsky.*` queries to its AppView (as the engagement counts are): the thread
 * (`app.bsky.feed.getPostThread`) and single posts (`app.bsky.feed.getPosts`). A PDS without an
 * AppView cannot answer them. Comment ids are at:// URIs (another person's record key alone names
 * nothing). Likes are records in the account's own repository; only its own posts can be deleted.
 * Replies the author hid with a threadgate are not offered to hide or show (the rules have no HIDE).
 */
export function blueskyComments(xrpc: BlueskyXrpc, appUrl: string): CommentsCapability {
  const rules = COMMENT_ACTION_RULES.BLUESKY!;
  const refuse = (code: 'INVALID_REQUEST' | 'PERMISSION_MISSING' | 'NOT_FOUND', message: string, httpStatus: number) =>
    new PlatformError({ code, message, httpStatus, meta: { platform: 'BLUESKY', operation: 'comments.act' } });
  const call = (credentials: Credentials, operation: string) => ({ token: credentials.accessToken, account: didOf(credentials.accessToken), operation });

  async function postView(credentials: Credentials, uri: string): Promise<PostView> {
    const { posts } = await xrpc.query<{ posts: PostView[] }>({ ...call(credentials, 'comments.act'), nsid: 'app.bsky.feed.getPosts', params: { uris: uri } });
    if (!posts[0]) throw refuse('NOT_FOUND', 'The Bluesky comment was not found (deleted, or not indexed yet)', 404);
    return posts[0];
  }

  async function change(credentials: Credentials, view: PostView, action: CommentAction): Promise<Partial<PlatformComment>> {
    const did = didOf(credentials.accessToken);
    const common = call(credentials, 'comments.act');
    if (action === 'DELETE') {
      if (view.author.did !== did) throw refuse('PERMISSION_MISSING', 'Bluesky lets an account delete only its own comments', 403);
      await xrpc.procedure({
        ...common,
        nsid: 'com.atproto.repo.deleteRecord',
        body: { repo: did, collection: POST_COLLECTION, rkey: parseAtUri(view.uri)!.rkey },
      });
      return { text: null, deletedAt: new Date() };
    }
    const like = view.viewer?.like;
    // A second like would be a second record (counted twice): refused, as the sandbox does.
    if (action === 'LIKE' && like) throw refuse('INVALID_REQUEST', 'The Bluesky comment is already liked', 400);
    if (action === 'UNLIKE' && !like) throw refuse('INVALID_REQUEST', 'The Bluesky comment is not liked', 400);
    if (action === 'LIKE') {
      const record = { $type: LIKE_COLLECTION, subject: { uri: view.uri, cid: view.cid }, createdAt: new Date().toISOString() };
      await xrpc.procedure({ ...common, nsid: 'com.atproto.repo.createRecord', body: { repo: did, collection: LIKE_COLLECTION, record } });
      // The AppView counts the new like a moment later; the answer shows it now.
      return { likedByMe: true, likesCount: (view.likeCount ?? 0) + 1 };
    }
    await xrpc.procedure({ ...common, nsid: 'com.atproto.repo.deleteRecord', body: { repo: did, collection: LIKE_COLLECTION, rkey: parseAtUri(like!)!.rkey } });
    return { likedByMe: false, likesCount: Math.max(0, (view.likeCount ?? 1) - 1) };
  }

  return {
    async list(_env, credentials, _target, post) {
      const did = didOf(credentials.accessToken);
      const uri = post.externalId.startsWith('at://') ? post.externalId : postUri(did, post.externalId);
      const { thread } = await xrpc.query<{ thread: ThreadNode }>({
        ...call(credentials, 'comments.list'),
        nsid: 'app.bsky.feed.getPostThread',
        params: { uri, depth: THREAD_DEPTH, parentHeight: 0 },
      });
      const comments: PlatformComment[] = [];
      const visit = (node: ThreadNode) => {
        for (const reply of node.replies ?? []) {
          if (!reply.post) continue;
          comments.push(comment(appUrl, reply.post, post.externalId, uri, did));
          visit(reply);
        }
      };
      visit(thread);
      return comments.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
    },

    async act(_env, credentials, _target, item, action) {
      if (!rules.actions.includes(action)) throw refuse('INVALID_REQUEST', `Bluesky does not allow ${action} on comments`, 400);
      if (!item.externalId.startsWith('at://')) throw refuse('NOT_FOUND', `${item.externalId} is not a Bluesky comment (an at:// URI)`, 404);
      const did = didOf(credentials.accessToken);
      const view = await postView(credentials, item.externalId);
      const rootUri = view.record.reply?.root.uri ?? view.uri;
      const root = parseAtUri(rootUri);
      // Posts published here are stored by their record key; anything else by its URI.
      const postId = root && root.repo === did ? root.rkey : rootUri;
      return { ...comment(appUrl, view, postId, rootUri, did), ...(await change(credentials, view, action)) };
    },
  };
}

function comment(appUrl: string, view: PostView, postId: string, rootUri: string, did: string): PlatformComment {
  const parentUri = view.record.reply?.parent.uri ?? null;
  return {
    externalId: view.uri,
    // Direct replies to the post have no parent comment.
    externalParentId: parentUri && parentUri !== rootUri ? parentUri : null,
    externalPostId: postId,
    authorExternalId: view.author.did,
    authorName: view.author.displayName || view.author.handle,
    authorUsername: view.author.handle,
    authorProfileUrl: profileUrlOf(appUrl, view.author.did),
    authorAvatarUrl: view.author.avatar ?? null,
    text: view.record.text ?? null,
    likesCount: view.likeCount ?? 0,
    repliesCount: view.replyCount ?? 0,
    hidden: false,
    likedByMe: !!view.viewer?.like,
    owner: view.author.did === did,
    moderationStatus: null,
    publishedAt: new Date(view.record.createdAt ?? view.indexedAt),
    editedAt: null,
    deletedAt: null,
  };
}
