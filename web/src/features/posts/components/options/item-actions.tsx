import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { Button } from '@/components/ui/button';

type ItemActionsProps = {
  /** Spoken name of the item, e.g. `slide 2`. */
  name: string;
  index: number;
  count: number;
  /** Where the item's buttons live, so focus can follow a moved item. */
  idPrefix: string;
  onMove?: (from: number, to: number) => void;
  onRemove: () => void;
  removeDisabled?: boolean;
};

/** Move up / move down / remove for one item of a list; focus follows the item when it moves. */
export function ItemActions({ name, index, count, idPrefix, onMove, onRemove, removeDisabled }: ItemActionsProps) {
  const move = (to: number, direction: 'up' | 'down') => {
    onMove!(index, to);
    requestAnimationFrame(() => {
      const same = document.getElementById(`${idPrefix}-${to}-${direction}`) as HTMLButtonElement | null;
      const other = document.getElementById(`${idPrefix}-${to}-${direction === 'up' ? 'down' : 'up'}`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  return (
    <div className="flex shrink-0 items-center gap-0.5">
      {onMove ? (
        <>
          <Button
            id={`${idPrefix}-${index}-up`}
            variant="ghost"
            size="icon"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => move(index - 1, 'up')}
          >
            <ArrowUp className="size-4" aria-hidden />
          </Button>
          <Button
            id={`${idPrefix}-${index}-down`}
            variant="ghost"
            size="icon"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => move(index + 1, 'down')}
          >
            <ArrowDown className="size-4" aria-hidden />
          </Button>
        </>
      ) : null}
      <Button variant="danger-ghost" size="icon" aria-label={`Remove ${name}`} disabled={removeDisabled} onClick={onRemove}>
        <X className="size-4" aria-hidden />
      </Button>
    </div>
  );
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
