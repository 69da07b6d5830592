import { createHash } from 'node:crypto';
import type { SandboxFormat } from './sandbox-history';

/** Formats the owner can publish in the platform's app, per platform (what the platform really offers). */
export const FORMATS_BY_PLATFORM: Record<string, SandboxFormat[]> = {
  INSTAGRAM: ['IMAGE', 'CAROUSEL', 'VIDEO', 'STORY', 'SHORT'],
  FACEBOOK: ['TEXT', 'IMAGE', 'CAROUSEL', 'VIDEO', 'STORY'],
  YOUTUBE: ['VIDEO', 'SHORT'],
  TIKTOK: ['VIDEO', 'CAROUSEL'],
  THREADS: ['TEXT', 'IMAGE', 'CAROUSEL', 'VIDEO'],
  LINKEDIN: ['TEXT', 'IMAGE', 'CAROUSEL', 'VIDEO'],
  PINTEREST: ['IMAGE', 'VIDEO'],
  REDDIT: ['TEXT', 'IMAGE', 'VIDEO'],
  MASTODON: ['TEXT', 'IMAGE', 'CAROUSEL', 'VIDEO'],
  BLUESKY: ['TEXT', 'IMAGE', 'CAROUSEL', 'VIDEO'],
  TWITTER: ['TEXT', 'IMAGE', 'CAROUSEL', 'VIDEO'],
};

export function formatsOf(platform: string): SandboxFormat[] {
  return FORMATS_BY_PLATFORM[platform] ?? ['TEXT', 'IMAGE'];
}

/** A public, credential-free picture for a sandbox medium (served by the sandbox pages). */
export function mediaUrl(publicUrl: string, platform: string, seed: string, kind: 'IMAGE' | 'VIDEO', label: string) {
  const query = new URLSearchParams({ label: label.slice(0, 40), kind: kind.toLowerCase() });
  return `${publicUrl}/sandbox/media/${platform.toLowerCase()}/${encodeURIComponent(seed)}.svg?${query}`;
}

/** The media a post of that format carries: sizes and durations as the platform would report them. */
export function mediaFor(publicUrl: string, platform: string, seed: string, format: SandboxFormat, label: string): Record<string, unknown>[] {
  const one = (index: number, kind: 'IMAGE' | 'VIDEO', width: number, height: number, durationSeconds: number | null) => {
    const url = mediaUrl(publicUrl, platform, `${seed}-${index}`, kind, label);
    return { type: kind, url, thumbnail: url, width, height, durationSeconds };
  };
  switch (format) {
    case 'TEXT':
      return [];
    case 'IMAGE':
      return [one(0, 'IMAGE', 1080, 1080, null)];
    case 'CAROUSEL':
      return [0, 1, 2].map((index) => one(index, index === 2 && platform === 'TIKTOK' ? 'IMAGE' : 'IMAGE', 1080, 1350, null));
    case 'VIDEO':
      return [one(0, 'VIDEO', 1920, 1080, 95 + (seed.length % 300))];
    case 'SHORT':
      return [one(0, 'VIDEO', 1080, 1920, 35)];
    case 'STORY':
      return [one(0, 'IMAGE', 1080, 1920, null)];
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A square picture on a colour derived from the seed, with a play mark for videos. */
export function renderMediaSvg(seed: string, label: string, kind: string): string {
  const hash = createHash('sha256').update(seed).digest();
  const hue = (hash[0]! * 360) / 256;
  const hue2 = (hue + 60 + (hash[1]! % 90)) % 360;
  const text = label.slice(0, 40).replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
  const play = kind === 'video' ? '<circle cx="160" cy="140" r="38" fill="rgba(0,0,0,.35)"/><path d="M148 120 L178 140 L148 160 Z" fill="#fff"/>' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue.toFixed(0)},60%,58%)"/><stop offset="1" stop-color="hsl(${hue2.toFixed(0)},65%,38%)"/></linearGradient></defs>
<rect width="320" height="320" fill="url(#g)"/>${play}
<text x="16" y="296" font-family="system-ui,-apple-system,Segoe UI,sans-serif" font-size="18" font-weight="600" fill="#fff">${text}</text>
</svg>`;
}
