import { format } from 'date-fns';
import { useCallback, useState, type DragEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { CalendarPost } from '../api/get-calendar-posts';
import { useReschedulePost } from '../api/reschedule-post';
import { POST_DRAG_TYPE } from '../components/post-chip';

type DropTarget = { key: string; warnings: string[] };

/**
 * Moving posts by drag and drop (or keys): which post is held, which cell it is over (with the
 * limits that cell would exceed), and the reschedule itself.
 */
export function usePostMove(posts: CalendarPost[], warningsWhenMoved: (post: CalendarPost, next: Date) => string[]) {
  const reschedule = useReschedulePost();
  const [dragging, setDragging] = useState<string | null>(null);
  const [target, setTarget] = useState<DropTarget | null>(null);

  const find = useCallback((id: string | null) => posts.find((post) => post.id === id), [posts]);

  const move = useCallback(
    (post: CalendarPost, next: Date) => {
      if (next.getTime() === new Date(post.postDate).getTime()) return;
      // A scheduled post moved into the past would be published at once.
      if (post.status === 'SCHEDULED' && next.getTime() < Date.now()) {
        toast.error(`“${post.title}” cannot move to a time that has passed; pick a later time`);
        return;
      }
      reschedule.mutate(
        { id: post.id, postDate: next.toISOString() },
        {
          onSuccess: (saved) => toast.success(`“${saved.title}” moved to ${format(new Date(saved.postDate), 'EEE, MMM d, HH:mm')}`),
          onError: (error) => toast.error(`“${post.title}” was not moved: ${errorMessage(error)}`),
        },
      );
    },
    [reschedule],
  );

  // Only our posts can be dropped (not files, not text); the type is readable while dragging, the id only on drop.
  const holdsPost = (event: DragEvent) => dragging !== null || event.dataTransfer.types.includes(POST_DRAG_TYPE);

  /** Handlers for a cell that takes a dropped post; `timeFor` is where a post dropped there lands. */
  const dropZone = (key: string, timeFor: (post: CalendarPost) => Date) => ({
    onDragOver: (event: DragEvent) => {
      if (!holdsPost(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    onDragEnter: (event: DragEvent) => {
      const post = find(dragging);
      if (!post || target?.key === key) return;
      event.preventDefault();
      setTarget({ key, warnings: warningsWhenMoved(post, timeFor(post)) });
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const post = find(event.dataTransfer.getData(POST_DRAG_TYPE) || dragging);
      setDragging(null);
      setTarget(null);
      if (post) move(post, timeFor(post));
    },
  });

  const onDragState = useCallback((id: string | null) => {
    setDragging(id);
    if (!id) setTarget(null);
  }, []);

  /** The cell the held post is over, and what dropping it there would exceed. */
  const over = (key: string) => (dragging !== null && target?.key === key ? target : null);

  return { move, dropZone, onDragState, over };
}
