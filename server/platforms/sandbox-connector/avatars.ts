import { createHash } from 'node:crypto';

/** Where a sandbox avatar is served: public, so `<img>` tags load it without credentials. */
export function avatarUrl(publicUrl: string, platform: string, seed: string, label: string): string {
  const query = new URLSearchParams({ name: label.slice(0, 60) });
  return `${publicUrl}/sandbox/avatars/${platform.toLowerCase()}/${encodeURIComponent(seed)}.svg?${query}`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Initials on a colour derived from the seed: stable, distinct, no external assets. */
export function renderAvatarSvg(seed: string, name: string): string {
  const hash = createHash('sha256').update(seed).digest();
  const hue = (hash[0]! * 360) / 256;
  const hue2 = (hue + 40 + (hash[1]! % 80)) % 360;
  const initials =
    name
      .split(/[\s._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => [...word][0]!.toUpperCase())
      .join('') || '?';
  const text = initials.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue.toFixed(0)},65%,55%)"/><stop offset="1" stop-color="hsl(${hue2.toFixed(0)},70%,42%)"/></linearGradient></defs>
<rect width="128" height="128" rx="64" fill="url(#g)"/>
<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,sans-serif" font-size="52" font-weight="600" fill="#fff">${text}</text>
</svg>`;
}
