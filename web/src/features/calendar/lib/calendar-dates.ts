import { addDays, addMonths, addWeeks, eachDayOfInterval, endOfMonth, endOfWeek, format, isValid, parse, startOfMonth, startOfWeek } from 'date-fns';
import type { CalendarView } from './calendar-search';

export type { CalendarView } from './calendar-search';

const WEEK = { weekStartsOn: 1 } as const;

export const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');

export function parseDay(value: string | undefined): Date {
  const parsed = value ? parse(value, 'yyyy-MM-dd', new Date()) : new Date();
  return isValid(parsed) ? parsed : new Date();
}

/** The days on screen: six full weeks around the month, the week (Monday first), or the month's own days (the list). */
export function visibleDays(view: CalendarView, anchor: Date): Date[] {
  if (view === 'agenda') return eachDayOfInterval({ start: startOfMonth(anchor), end: endOfMonth(anchor) });
  const start = view === 'month' ? startOfWeek(startOfMonth(anchor), WEEK) : startOfWeek(anchor, WEEK);
  const count = view === 'month' ? 42 : 7;
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/** `[from, to)` as instants, for the list endpoint's postDateFrom/postDateTo. */
export function rangeOf(days: Date[]): { from: Date; to: Date } {
  return { from: days[0]!, to: addDays(days.at(-1)!, 1) };
}

export function shift(view: CalendarView, anchor: Date, step: number): Date {
  return view === 'week' ? addWeeks(anchor, step) : addMonths(anchor, step);
}

export function periodLabel(view: CalendarView, anchor: Date): string {
  if (view !== 'week') return format(anchor, 'MMMM yyyy');
  const start = startOfWeek(anchor, WEEK);
  const end = endOfWeek(anchor, WEEK);
  return start.getMonth() === end.getMonth()
    ? `${format(start, 'MMM d')} – ${format(end, 'd, yyyy')}`
    : `${format(start, 'MMM d')} – ${format(end, 'MMM d, yyyy')}`;
}

export const inMonth = (day: Date, anchor: Date) => day >= startOfMonth(anchor) && day <= endOfMonth(anchor);

/** The same time of day on another day: what a drag to another day of the month means. */
export function moveToDay(instant: Date, day: Date): Date {
  const moved = new Date(day);
  moved.setHours(instant.getHours(), instant.getMinutes(), instant.getSeconds(), instant.getMilliseconds());
  return moved;
}

/** The UTC day the daily limits count a post in. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** The UTC days a local range `[from, to)` touches, for the daily-limits range request. */
export function utcSpan(range: { from: Date; to: Date }): { from: string; to: string } {
  return { from: utcDay(range.from), to: utcDay(new Date(range.to.getTime() - 1)) };
}

/** The week grid's rows: half hours. */
export const SLOT_MINUTES = 30;
export const SLOTS_PER_DAY = (24 * 60) / SLOT_MINUTES;

/** The start of a day's slot `index` (0 = 00:00, 1 = 00:30…) on the browser's clock. */
export function slotStart(day: Date, index: number): Date {
  const start = new Date(day);
  start.setHours(0, index * SLOT_MINUTES, 0, 0);
  return start;
}

export const slotOf = (instant: Date) => Math.floor((instant.getHours() * 60 + instant.getMinutes()) / SLOT_MINUTES);

/** A new post's time on a day clicked in the month: 09:00, or on today a little ahead of now. Null when the day is over. */
export function newPostTimeOn(day: Date, now = new Date()): Date | null {
  const morning = new Date(day);
  morning.setHours(9, 0, 0, 0);
  const soonest = new Date(now.getTime() + 30 * 60_000);
  soonest.setMinutes(Math.ceil(soonest.getMinutes() / 15) * 15, 0, 0);
  if (morning >= soonest) return morning;
  return dayKey(soonest) === dayKey(day) ? soonest : null;
}

/** The composer's `at`: `yyyy-MM-ddTHH:mm` on the browser's clock. */
export const composerAt = (instant: Date) => format(instant, "yyyy-MM-dd'T'HH:mm");
