import { format } from 'date-fns';
import { Film } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { cn } from '@/lib/cn';
import { POST_STATUS_INFO } from '@/lib/post-platforms';
import type { CalendarPost } from '../api/get-calendar-posts';
import { firstMedia } from '../lib/first-media';

export const POST_DRAG_TYPE = 'application/x-socialdesk-post';

export const STATUS_STYLES: Record<CalendarPost['status'], string> = {
  DRAFT: 'border-zinc-300 bg-zinc-50 text-zinc-700 border-dashed',
  SCHEDULED: 'border-accent-200 bg-accent-50 text-accent-900',
  PROCESSING: 'border-amber-200 bg-amber-50 text-amber-900',
  RETRYING: 'border-amber-200 bg-amber-50 text-amber-900',
  POSTED: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  ERROR: 'border-red-200 bg-red-50 text-red-900',
  DELETED: 'border-zinc-200 bg-white text-zinc-400 line-through',
};

/** Only posts that nothing has gone out for yet can move; a failed one is retried from Posts. */
export const isMovable = (post: CalendarPost) => post.status === 'DRAFT' || post.status === 'SCHEDULED';

export type MoveKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

type PostChipProps = {
  post: CalendarPost;
  /** Month cells on a phone are 50 px wide: there the chip shows the time and the picture only (the title stays for screen readers). */
  compactOnPhone?: boolean;
  /** What Alt+arrows do, said in the tooltip: "another day", "another day or half hour". */
  moveHint: string;
  onOpen: (post: CalendarPost) => void;
  onDragState: (postId: string | null) => void;
  /** Keyboard move (Alt+arrows), as dragging does with the mouse; the view decides what each arrow means. */
  onKeyMove: (post: CalendarPost, key: MoveKey) => void;
};

export function PostChip({ post, compactOnPhone = false, moveHint, onOpen, onDragState, onKeyMove }: PostChipProps) {
  const time = format(new Date(post.postDate), 'HH:mm');
  const movable = isMovable(post);
  const media = firstMedia(post);
  const status = POST_STATUS_INFO[post.status].label;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!movable || !event.altKey) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    onKeyMove(post, event.key);
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
      aria-label={`${post.title}, ${time}, ${status}`}
      aria-keyshortcuts={movable ? 'Alt+ArrowLeft Alt+ArrowRight Alt+ArrowUp Alt+ArrowDown' : undefined}
      // The whole title on hover: the chip shows two lines of it.
      title={`${time} · ${status}\n${post.title}${movable ? `\n\nDrag to ${moveHint}, or Alt+arrow keys` : ''}`}
      className={cn(
        'relative flex w-full items-start gap-1.5 rounded-md border p-1 text-left text-xs transition-shadow hover:shadow-sm',
        movable ? 'cursor-grab active:cursor-grabbing' : 'cursor-pointer',
        STATUS_STYLES[post.status],
      )}
    >
      {media ? (
        <span
          className={cn(
            'flex shrink-0 items-center justify-center overflow-hidden rounded bg-zinc-200 text-zinc-500',
            compactOnPhone ? 'hidden sm:flex sm:size-8' : 'size-8',
          )}
        >
          {media.src ? <img src={media.src} alt="" loading="lazy" draggable={false} className="size-full object-cover" /> : null}
          {!media.src && media.video ? <Film className="size-3.5" aria-hidden /> : null}
        </span>
      ) : null}
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1">
          <span className="font-medium tabular-nums">{time}</span>
          <span className={cn('ml-auto flex shrink-0 -space-x-1', compactOnPhone && 'max-sm:hidden')}>
            {post.socialAccountTypes.slice(0, 3).map((platform) => (
              <PlatformIcon key={platform} platform={platform} size="xs" className="ring-1 ring-white" />
            ))}
            {post.socialAccountTypes.length > 3 ? <span className="pl-1.5 text-[10px] text-zinc-500">+{post.socialAccountTypes.length - 3}</span> : null}
          </span>
        </span>
        <span className={cn('line-clamp-2 leading-snug break-words', compactOnPhone && 'max-sm:sr-only')}>{post.title}</span>
      </span>
    </button>
  );
}
