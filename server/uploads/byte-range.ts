import type { ByteRange } from '../storage/file-storage';

/**
 * One `Range: bytes=...` range against a file of `size` bytes (RFC 9110). `null`: serve the whole
 * file (no header, or a form this server does not honour such as several ranges, which the RFC
 * allows ignoring). `'unsatisfiable'`: answer 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText, endText] = match;
  if (!startText && !endText) return null;
  if (!startText) {
    // A suffix: the last N bytes.
    const length = Number(endText);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText ? Math.min(Number(endText), size - 1) : size - 1;
  if (start >= size || (endText && Number(endText) < start)) return 'unsatisfiable';
  return { start, end };
}
