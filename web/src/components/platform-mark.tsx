import { cn } from '../lib/cn';
import { platformColor, platformLabel } from '../lib/post-platforms';

const sizes = { sm: 'size-5 text-[10px] rounded', md: 'size-7 text-xs rounded-md' } as const;

/** A platform's initial on its brand colour; the name is the accessible label unless `decorative`. */
export function PlatformMark({ platform, size = 'sm', decorative, className }: { platform: string; size?: keyof typeof sizes; decorative?: boolean; className?: string }) {
  const label = platformLabel(platform);
  const background = platform === 'INSTAGRAM' ? 'linear-gradient(45deg, #f9ce34, #ee2a7b 45%, #6228d7)' : platformColor(platform);
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
      title={label}
      className={cn('inline-flex shrink-0 items-center justify-center font-bold text-white ring-1 ring-black/5', sizes[size], className)}
      style={{ background }}
    >
      {label === 'X' ? '𝕏' : label.charAt(0)}
    </span>
  );
}
