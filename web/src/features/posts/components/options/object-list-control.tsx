import { Plus } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import type { OptionField } from '../../lib/option-fields';
import { FieldIssues } from '../controls';
import { issuesUnder, ownMessages } from './issues';
import { ItemActions, moveItem } from './item-actions';
import { ObjectFields } from './object-control';
import type { OptionControlProps } from './types';

type ObjectListField = Extract<OptionField, { kind: 'objectList' }>;

/** What one item of a list is called, by the list's key. */
const ITEM_NAMES: Record<string, string> = { carouselItems: 'Slide', mediaItems: 'Media item', tagged: 'Tagged person' };

/** A list of small objects (carousel slides, media with alt text, tagged people): add, remove and reorder, one group per item. */
export function ObjectListControl({ field, value, issues, uploads, onChange, action }: OptionControlProps<ObjectListField>) {
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const name = ITEM_NAMES[field.key] ?? 'Item';
  const full = field.max !== undefined && items.length >= field.max;
  const set = (next: unknown[]) => onChange(next.length ? next : undefined);
  const messages = ownMessages(issues);
  const add = () => {
    set([...items, {}]);
    // Straight to the new item's first field, as a keyboard user expects.
    requestAnimationFrame(() => list.current?.lastElementChild?.querySelector<HTMLElement>('input, select, textarea')?.focus());
  };

  return (
    <fieldset className="space-y-2" aria-describedby={field.description ? `${id}-hint` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">
        {field.label}
        {field.max ? (
          <span className="font-normal text-zinc-500">
            {' '}
            ({items.length} of at most {field.max})
          </span>
        ) : null}
      </legend>
      {field.description ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {field.description}
        </p>
      ) : null}
      <FieldIssues messages={messages} />
      {items.length > 0 ? (
        <ol ref={list} className="space-y-2">
          {items.map((item, index) => {
            const itemName = `${name} ${index + 1}`;
            return (
              <li key={index}>
                <div role="group" aria-label={itemName} className="rounded-lg border border-zinc-200 bg-zinc-50/60 p-3">
                  <div className="mb-2 flex items-center justify-between gap-2">
                    <span className="text-xs font-semibold tracking-wide text-zinc-600 uppercase">{itemName}</span>
                    <ItemActions
                      name={itemName.toLowerCase()}
                      index={index}
                      count={items.length}
                      idPrefix={id}
                      onMove={(from, to) => set(moveItem(items, from, to))}
                      onRemove={() => set(items.filter((_, i) => i !== index))}
                    />
                  </div>
                  <FieldIssues messages={ownMessages(issuesUnder(issues, index))} />
                  <ObjectFields
                    fields={field.fields}
                    value={item}
                    issues={issuesUnder(issues, index)}
                    uploads={uploads}
                    onChange={(next) => set(items.map((old, i) => (i === index ? next : old)))}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={full} onClick={add}>
          <Plus className="size-3.5" aria-hidden />
          Add {name.toLowerCase()}
        </Button>
        {action}
      </div>
    </fieldset>
  );
}
