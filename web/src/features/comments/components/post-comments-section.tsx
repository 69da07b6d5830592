import { FlaskConical, MessageCircle } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { isPublishedOn, type Post } from '@/api/post-query-keys';
import { PlatformIcon } from '@/components/platform-icon';
import { PostSection } from '@/components/post-section';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { platformLabel } from '@/lib/post-platforms';
import { useFetchedComments } from '@/api/get-fetched-comments';
import { usePostReplies, type ServiceComment } from '../api/get-post-replies';
import { hasComments, type ImportPlatform } from '../lib/comment-platforms';
import { buildThreads } from '../lib/comment-threads';
import { CommentItem } from './comment-item';
import { OwnComment } from './own-comment';

function publishedPlatforms(post: Post): ImportPlatform[] {
  return post.socialAccountTypes.filter((platform): platform is ImportPlatform => hasComments(platform) && isPublishedOn(post, platform));
}

/**
 * What people say under the post, per platform, as threads to answer and moderate. Nothing before
 * it is published. `privateReplies`: the organization has DMs (comment authors can be messaged).
 */
export function PostCommentsSection({ post, privateReplies = false }: { post: Post; privateReplies?: boolean }) {
  const platforms = publishedPlatforms(post);
  const own = usePostReplies(post.teamId, post.id);
  if (platforms.length === 0) return null;
  return (
    <PostSection title="Comments" description="Comments on each platform as they arrive; reply, like, hide or delete where the platform allows it.">
      <ul className="divide-y divide-zinc-200">
        {platforms.map((platform) => (
          <PlatformComments key={platform} post={post} platform={platform} own={own.data?.items ?? []} privateReplies={privateReplies} />
        ))}
      </ul>
    </PostSection>
  );
}

function PlatformComments({ post, platform, own, privateReplies }: { post: Post; platform: ImportPlatform; own: ServiceComment[]; privateReplies: boolean }) {
  const { data, error } = useFetchedComments(post.teamId, post.id, platform);
  const label = platformLabel(platform);
  const { threads, ownTopLevel } = buildThreads(data?.items ?? [], own, platform);
  return (
    <li aria-label={`Comments on ${label}`} className="space-y-4 px-5 py-4">
      <div className="flex items-center gap-2">
        <PlatformIcon platform={platform} />
        <span className="text-sm font-semibold text-zinc-900">{label}</span>
        {data ? <span className="text-sm text-zinc-500">{data.total === 1 ? '1 comment' : `${data.total} comments`}</span> : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error)}
        </p>
      ) : !data ? (
        <Skeleton className="h-16 w-full" />
      ) : threads.length === 0 && ownTopLevel.length === 0 ? (
        <div className="flex items-start gap-3 rounded-lg border border-dashed border-zinc-300 px-4 py-3 text-sm text-zinc-500">
          <MessageCircle className="mt-0.5 size-4 shrink-0 text-zinc-400" aria-hidden />
          <p>
            No comments yet. New ones appear here as people write them.{' '}
            {post.socialAccounts.some((link) => link.socialAccount?.type === platform) ? (
              <>
                To try it, open the{' '}
                <Link to="/accounts" className="inline-flex items-center gap-1 font-medium text-accent-700 hover:underline">
                  <FlaskConical className="size-3.5" aria-hidden />
                  sandbox panel
                </Link>{' '}
                of the {label} account and send a comment.
              </>
            ) : null}
          </p>
        </div>
      ) : (
        <ul className="space-y-5">
          {ownTopLevel.map((comment) => (
            <li key={comment.id}>
              <OwnComment comment={comment} platform={platform} />
            </li>
          ))}
          {threads.map((thread) => (
            <CommentItem key={thread.comment.id} thread={thread} privateReplies={privateReplies} />
          ))}
        </ul>
      )}
    </li>
  );
}
