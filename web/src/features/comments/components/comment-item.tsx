import { EyeOff, Heart, Mail, MessageSquareReply, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatRelative } from '@/lib/format';
import { cn } from '@/lib/cn';
import { platformLabel } from '@/lib/post-platforms';
import { useActOnComment } from '../api/act-on-comment';
import type { Thread } from '../lib/comment-threads';
import { AuthorAvatar } from '@/components/author-avatar';
import { OwnComment } from './own-comment';
import { privateReplyRule } from '../lib/private-replies';
import { PrivateReplyForm } from './private-reply-form';
import { ReplyForm } from './reply-form';

/**
 * One comment with what may be done to it on its platform (only the actions it allows), then its
 * replies. `privateReplies`: the organization has DMs, so its author can be messaged privately.
 */
export function CommentItem({ thread, privateReplies = false }: { thread: Thread; privateReplies?: boolean }) {
  const { comment } = thread;
  const [replying, setReplying] = useState<false | 'public' | 'private'>(false);
  const [now] = useState(() => Date.now());
  const privateRule = privateReplies && !comment.platformData.owner ? privateReplyRule(comment, now) : null;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const act = useActOnComment(comment);
  const rules = comment.platformData;
  const author = comment.authorName ?? 'Someone';
  const at = comment.publishedAt ?? comment.createdAt;
  return (
    <li aria-label={`Comment by ${author}`} className="space-y-2">
      <article className={cn('flex gap-3', rules.hidden && 'opacity-60')}>
        <AuthorAvatar name={author} url={comment.authorAvatarUrl} />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2 text-xs">
            {comment.authorProfileUrl ? (
              <a href={comment.authorProfileUrl} target="_blank" rel="noreferrer" className="font-semibold text-zinc-900 hover:underline">
                {author}
              </a>
            ) : (
              <span className="font-semibold text-zinc-900">{author}</span>
            )}
            {rules.owner ? <Badge tone="accent">You</Badge> : null}
            <time dateTime={at} title={new Date(at).toISOString()} className="text-zinc-500">
              {formatRelative(at)}
            </time>
            {rules.hidden ? (
              <Badge tone="warning">
                <EyeOff className="size-3" aria-hidden />
                Hidden
              </Badge>
            ) : null}
          </div>
          <p className="text-sm whitespace-pre-line text-zinc-800">{comment.text ?? <span className="text-zinc-400 italic">No text</span>}</p>
          <div className="-ml-2 flex flex-wrap items-center gap-0.5 text-xs text-zinc-500">
            <span className="px-2" aria-label={`${comment.likesCount} likes`}>
              <Heart className={cn('mr-1 inline size-3.5', rules.likedByMe && 'fill-pink-500 text-pink-500')} aria-hidden />
              {comment.likesCount}
            </span>
            <Button variant="ghost" size="sm" onClick={() => setReplying('public')}>
              <MessageSquareReply className="size-3.5" aria-hidden />
              Reply
            </Button>
            {privateRule ? (
              <Button variant="ghost" size="sm" disabled={!privateRule.allowed} title={privateRule.reason} onClick={() => setReplying('private')}>
                <Mail className="size-3.5" aria-hidden />
                Message privately
              </Button>
            ) : null}
            {rules.canLike ? (
              <Button
                variant="ghost"
                size="sm"
                pending={act.isPending && (act.variables === 'LIKE' || act.variables === 'UNLIKE')}
                onClick={() => act.mutate(rules.likedByMe ? 'UNLIKE' : 'LIKE')}
              >
                {rules.likedByMe ? 'Unlike' : 'Like'}
              </Button>
            ) : null}
            {rules.canHide ? (
              <Button
                variant="ghost"
                size="sm"
                pending={act.isPending && (act.variables === 'HIDE' || act.variables === 'UNHIDE')}
                onClick={() => act.mutate(rules.hidden ? 'UNHIDE' : 'HIDE')}
              >
                {rules.hidden ? 'Unhide' : 'Hide'}
              </Button>
            ) : null}
            {rules.canDelete ? (
              <Button variant="danger-ghost" size="sm" onClick={() => setConfirmDelete(true)}>
                <Trash2 className="size-3.5" aria-hidden />
                Delete
              </Button>
            ) : null}
          </div>
          {act.isError && !confirmDelete ? (
            <p role="alert" className="text-xs text-red-700">
              {errorMessage(act.error)}
            </p>
          ) : null}
          {replying === 'public' ? <ReplyForm comment={comment} onDone={() => setReplying(false)} /> : null}
          {replying === 'private' ? <PrivateReplyForm comment={comment} onDone={() => setReplying(false)} /> : null}
        </div>
      </article>
      {thread.replies.length > 0 || thread.own.length > 0 ? (
        <ul aria-label={`Replies to ${author}`} className="ml-11 space-y-3 border-l border-zinc-200 pl-4">
          {thread.replies.map((reply) => (
            <CommentItem key={reply.comment.id} thread={reply} privateReplies={privateReplies} />
          ))}
          {thread.own.map((own) => (
            <li key={own.id}>
              <OwnComment comment={own} platform={comment.platform} />
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={(open) => {
          setConfirmDelete(open);
          if (!open) act.reset();
        }}
        title="Delete this comment?"
        description={
          <>
            It is removed from {platformLabel(comment.platform)} for everyone and cannot be restored.
            {act.isError ? (
              <span role="alert" className="mt-2 block text-red-700">
                {errorMessage(act.error)}
              </span>
            ) : null}
          </>
        }
        confirmLabel="Delete comment"
        pending={act.isPending}
        onConfirm={() => act.mutate('DELETE', { onSuccess: () => setConfirmDelete(false) })}
      />
    </li>
  );
}
