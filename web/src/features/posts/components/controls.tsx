import { cn } from '@/lib/cn';

// The composer's switches are the shared one (also the location page's).
export { Switch } from '@/components/ui/switch';

/** `12 / 100`, red once over: read by screen readers with the field (aria-describedby). */
export function CharacterCounter({ id, length, max }: { id?: string; length: number; max: number }) {
  const over = length > max;
  return (
    <span
      id={id}
      className={cn('text-xs whitespace-nowrap tabular-nums', over ? 'font-medium text-red-600' : length > max * 0.9 ? 'text-amber-700' : 'text-zinc-500')}
    >
      {length} / {max}
      <span className="sr-only"> characters{over ? `, ${length - max} over the limit` : ''}</span>
    </span>
  );
}

export function FieldIssues({ id, messages }: { id?: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="space-y-0.5">
      {messages.map((message) => (
        <li key={message} className="text-xs font-medium text-red-600">
          {message}
        </li>
      ))}
    </ul>
  );
}
