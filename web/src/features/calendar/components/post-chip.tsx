import { format } from 'date-fns';
import type { KeyboardEvent } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { cn } from '@/lib/cn';
import { POST_STATUS_INFO } from '@/lib/post-platforms';
import type { CalendarPost } from '../api/get-calendar-posts';

export const POST_DRAG_TYPE = 'application/x-socialdesk-post';

const STATUS_STYLES: Record<CalendarPost['status'], string> = {
  DRAFT: 'border-zinc-200 bg-zinc-50 text-zinc-700 border-dashed',
  SCHEDULED: 'border-accent-200 bg-accent-50 text-accent-900',
  PROCESSING: 'border-amber-200 bg-amber-50 text-amber-900',
  RETRYING: 'border-amber-200 bg-amber-50 text-amber-900',
  POSTED: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  ERROR: 'border-red-200 bg-red-50 text-red-900',
  DELETED: 'border-zinc-200 bg-white text-zinc-400 line-through',
};

/** Only posts that nothing has gone out for yet can move; a failed one is retried from Posts. */
export const isMovable = (post: CalendarPost) => post.status === 'DRAFT' || post.status === 'SCHEDULED';

type PostChipProps = {
  post: CalendarPost;
  roomy: boolean;
  onOpen: (post: CalendarPost) => void;
  onDragState: (postId: string | null) => void;
  /** Keyboard move: days to shift (Alt+arrows), as dragging does with the mouse. */
  onMoveBy: (post: CalendarPost, days: number) => void;
};

export function PostChip({ post, roomy, onOpen, onDragState, onMoveBy }: PostChipProps) {
  const time = format(new Date(post.postDate), 'HH:mm');
  const movable = isMovable(post);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!movable || !event.altKey) return;
    const days = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (days === undefined) return;
    event.preventDefault();
    onMoveBy(post, days);
  };
  return (
    <button
      type="button"
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.setData(POST_DRAG_TYPE, post.id);
        event.dataTransfer.effectAllowed = 'move';
        onDragState(post.id);
      }}
      onDragEnd={() => onDragState(null)}
      onClick={() => onOpen(post)}
      onKeyDown={onKeyDown}
      aria-label={`${post.title}, ${time}, ${POST_STATUS_INFO[post.status].label}`}
      aria-keyshortcuts={movable ? 'Alt+ArrowLeft Alt+ArrowRight Alt+ArrowUp Alt+ArrowDown' : undefined}
      title={movable ? `${post.title}: drag to another day, or Alt+arrow keys` : post.title}
      className={cn(
        'flex w-full items-center gap-1.5 rounded-md border px-1.5 py-1 text-left text-xs transition-shadow hover:shadow-sm',
        movable ? 'cursor-grab active:cursor-grabbing' : 'cursor-pointer',
        STATUS_STYLES[post.status],
      )}
    >
      <span className="font-medium tabular-nums">{time}</span>
      <span className={cn('min-w-0 flex-1', roomy ? 'line-clamp-2' : 'truncate')}>{post.title}</span>
      <span className="flex shrink-0 -space-x-1">
        {post.socialAccountTypes.slice(0, roomy ? 6 : 2).map((platform) => (
          <PlatformIcon key={platform} platform={platform} size="xs" className="ring-1 ring-white" />
        ))}
      </span>
    </button>
  );
}
