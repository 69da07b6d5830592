/** Wall-clock time in a time zone <-> instants, with Intl only (no time-zone library in the bundle). */

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

function partsIn(date: Date, timeZone: string): Parts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** Milliseconds the zone is ahead of UTC at that instant (to the minute). */
function offsetAt(date: Date, timeZone: string): number {
  const p = partsIn(date, timeZone);
  const truncated = Math.floor(date.getTime() / 60_000) * 60_000;
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - truncated;
}

/** `2026-11-22T09:30` in `Europe/Paris` -> the instant. Null when the text is not a date-time. */
export function zonedToInstant(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Twice: the offset at the first guess can differ from the offset at the answer around a DST change.
  const first = asUtc - offsetAt(new Date(asUtc), timeZone);
  return new Date(asUtc - offsetAt(new Date(first), timeZone));
}

/** The instant as `yyyy-MM-ddTHH:mm` on the zone's clock, the value of a datetime-local input. */
export function instantToZoned(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', browserTimeZone(), ...all])];
}
