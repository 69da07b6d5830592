import { format } from 'date-fns';

/**
 * The empty part of a day or slot, as the way to plan a post at `at`: it lies under the posts.
 * Out of the tab order (a week has 336 slots); the keyboard has "New post" and the list's "Add".
 */
export function NewPostHere({ at, onNewPost }: { at: Date; onNewPost: (at: Date) => void }) {
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={`New post on ${format(at, 'EEEE, MMMM d')} at ${format(at, 'HH:mm')}`}
      onClick={() => onNewPost(at)}
      className="absolute inset-0 cursor-cell hover:bg-accent-50/50"
    />
  );
}
