import { AtSign, Cloud, Gamepad2, Hash, Music2, Store, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { platformColor, platformLabel } from '@/lib/post-platforms';

// A simple mark per platform, drawn here: no brand assets are bundled or fetched.
const MARKS: Record<string, { icon: LucideIcon } | { text: string } | { svg: 'instagram' | 'youtube' }> = {
  TIKTOK: { icon: Music2 },
  YOUTUBE: { svg: 'youtube' },
  INSTAGRAM: { svg: 'instagram' },
  FACEBOOK: { text: 'f' },
  TWITTER: { text: '𝕏' },
  THREADS: { icon: AtSign },
  LINKEDIN: { text: 'in' },
  PINTEREST: { text: 'P' },
  REDDIT: { text: 'r/' },
  MASTODON: { text: 'M' },
  DISCORD: { icon: Gamepad2 },
  SLACK: { icon: Hash },
  BLUESKY: { icon: Cloud },
  GOOGLE_BUSINESS: { icon: Store },
};

const sizes = {
  xs: 'size-4 rounded-sm text-[8px]',
  sm: 'size-5 rounded text-[10px]',
  md: 'size-7 rounded-md text-xs',
  lg: 'size-8 rounded-lg text-sm',
  xl: 'size-10 rounded-xl text-base',
} as const;
const glyphs = { xs: 'size-2.5', sm: 'size-3', md: 'size-3.5', lg: 'size-4', xl: 'size-5' } as const;

/**
 * A platform's mark on its brand colour, for lists, filters, the composer and account cards.
 * Decorative: the platform's name is always written next to it (the title shows it on hover too).
 */
export function PlatformIcon({ platform, size = 'sm', className }: { platform: string; size?: keyof typeof sizes; className?: string }) {
  const label = platformLabel(platform);
  const mark = MARKS[platform] ?? { text: label.charAt(0) };
  const background = platform === 'INSTAGRAM' ? 'linear-gradient(45deg, #f9ce34, #ee2a7b 45%, #6228d7)' : platformColor(platform);
  return (
    <span
      aria-hidden
      title={label}
      className={cn('inline-flex shrink-0 items-center justify-center font-bold text-white ring-1 ring-black/5', sizes[size], className)}
      style={{ background }}
    >
      {'icon' in mark ? <mark.icon className={glyphs[size]} strokeWidth={2.5} /> : null}
      {'text' in mark ? <span className="leading-none">{mark.text}</span> : null}
      {'svg' in mark && mark.svg === 'instagram' ? (
        <svg viewBox="0 0 24 24" className={glyphs[size]} fill="none" stroke="currentColor" strokeWidth={2.5}>
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
        </svg>
      ) : null}
      {'svg' in mark && mark.svg === 'youtube' ? (
        <svg viewBox="0 0 24 24" className={glyphs[size]} fill="currentColor">
          <path d="M8 5.5v13l11-6.5z" />
        </svg>
      ) : null}
    </span>
  );
}
