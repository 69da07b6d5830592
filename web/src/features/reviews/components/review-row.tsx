import { AlertTriangle, Pencil, Reply, ThumbsDown, ThumbsUp, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { AuthorAvatar } from '@/components/author-avatar';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { canDeleteReply } from '../api/delete-reply';
import { isUnansweredLowRating, type ReviewItem } from '../lib/review-item';
import { ReplyEditor } from './reply-editor';
import { ReplyState } from './reply-state';
import { StarRating } from './star-rating';

const SOURCE_LABEL = { GOOGLE_BUSINESS: 'Google Business review', FACEBOOK: 'Facebook recommendation' } as const;

type ReviewRowProps = {
  teamId: string;
  review: ReviewItem;
  active: boolean;
  editing: boolean;
  onActivate: () => void;
  onEdit: () => void;
  onEditDone: (sent: boolean) => void;
  onDelete: () => void;
};

/** One review with the owner reply under it; the editor opens in place. */
export const ReviewRow = memo(function ReviewRow({ teamId, review, active, editing, onActivate, onEdit, onEditDone, onDelete }: ReviewRowProps) {
  const alert = isUnansweredLowRating(review);
  const titleId = `review-${review.id}-title`;
  return (
    <div
      className={cn(
        'relative border-l-4 px-5 py-4 transition-colors',
        alert ? 'border-l-red-500 bg-red-50/60' : 'border-l-transparent',
        active && (alert ? 'bg-red-50' : 'bg-accent-50/50'),
      )}
      data-low-rating={alert || undefined}
      onClick={onActivate}
    >
      <div className="flex items-start gap-3">
        <AuthorAvatar name={review.reviewer} url={review.avatarUrl} />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 id={titleId} className="truncate text-sm font-semibold text-zinc-900">
              {review.reviewer}
            </h3>
            {review.rating !== null ? <StarRating value={review.rating} /> : null}
            {review.recommends !== null ? (
              <span className={cn('inline-flex items-center gap-1 text-xs font-medium', review.recommends ? 'text-emerald-700' : 'text-red-700')}>
                {review.recommends ? <ThumbsUp className="size-3.5" aria-hidden /> : <ThumbsDown className="size-3.5" aria-hidden />}
                {review.recommends ? 'Recommends' : 'Does not recommend'}
              </span>
            ) : null}
            {alert ? (
              <Badge tone="danger">
                <AlertTriangle className="size-3.5" aria-hidden />
                Needs a reply
              </Badge>
            ) : null}
            <span className="ml-auto flex items-center gap-2 text-xs text-zinc-500">
              <PlatformIcon platform={review.source} size="xs" />
              <span className="sr-only">{SOURCE_LABEL[review.source]}, </span>
              {review.createdAt ? <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time> : null}
            </span>
          </div>
          {review.text ? (
            <p className="text-sm leading-relaxed whitespace-pre-line text-zinc-700">{review.text}</p>
          ) : (
            <p className="text-sm text-zinc-400 italic">Rating only, no text.</p>
          )}
          {editing ? (
            <ReplyEditor teamId={teamId} review={review} onDone={onEditDone} />
          ) : review.reply ? (
            <OwnerReply review={review} onEdit={onEdit} onDelete={onDelete} />
          ) : (
            <Button variant="ghost" size="sm" className="-ml-2.5" onClick={onEdit} aria-keyshortcuts="r">
              <Reply className="size-4" aria-hidden />
              Reply
              {active ? <kbd className="ml-1 rounded border border-zinc-300 px-1 font-sans text-[10px] text-zinc-500">R</kbd> : null}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
});

function OwnerReply({ review, onEdit, onDelete }: { review: ReviewItem; onEdit: () => void; onDelete: () => void }) {
  const reply = review.reply!;
  return (
    <div className="rounded-lg border border-zinc-200 bg-white px-3.5 py-3" aria-label="Your reply" role="group">
      <div className="mb-1.5 flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold text-zinc-700">Your reply</span>
        <ReplyState reply={reply} />
        {reply.updatedAt ? <span className="text-xs text-zinc-400">{formatDate(reply.updatedAt)}</span> : null}
        <span className="ml-auto flex gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit the reply to ${review.reviewer}`} aria-keyshortcuts="r">
            <Pencil className="size-3.5" aria-hidden />
            Edit
          </Button>
          {canDeleteReply(review) ? (
            <Button variant="danger-ghost" size="sm" onClick={onDelete} aria-label={`Delete the reply to ${review.reviewer}`}>
              <Trash2 className="size-3.5" aria-hidden />
              Delete
            </Button>
          ) : null}
        </span>
      </div>
      <p className="text-sm whitespace-pre-line text-zinc-700">{reply.text}</p>
      {reply.state === 'REJECTED' ? (
        <p className="mt-2 text-xs text-red-700">
          {reply.violation ? `The platform refused this reply: ${reply.violation}.` : 'The platform refused this reply.'} Edit it to try again.
        </p>
      ) : null}
    </div>
  );
}
