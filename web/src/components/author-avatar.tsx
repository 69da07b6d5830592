import { useState } from 'react';

/** The commenter's picture, or their initials when there is none (or it does not load). */
export function AuthorAvatar({ name, url }: { name: string; url: string | null }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken)
    return <img src={url} alt="" className="size-8 shrink-0 rounded-full bg-zinc-100 object-cover ring-1 ring-zinc-200" onError={() => setBroken(true)} />;
  return (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-zinc-100 text-xs font-semibold text-zinc-600 uppercase ring-1 ring-zinc-200"
    >
      {name.replace(/^@/, '').slice(0, 2)}
    </span>
  );
}
