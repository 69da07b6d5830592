import { cn } from '@/lib/cn';

// A stable colour per name, so teams are told apart at a glance without uploaded avatars.
const COLOURS = [
  'bg-sky-100 text-sky-700',
  'bg-emerald-100 text-emerald-700',
  'bg-amber-100 text-amber-800',
  'bg-rose-100 text-rose-700',
  'bg-violet-100 text-violet-700',
  'bg-teal-100 text-teal-700',
];

function colourOf(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return COLOURS[Math.abs(hash) % COLOURS.length];
}

export function TeamAvatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-md font-semibold uppercase',
        size === 'sm' ? 'size-5 text-[10px]' : 'size-8 text-xs',
        colourOf(name),
      )}
    >
      {name.trim().slice(0, 2) || '?'}
    </span>
  );
}
