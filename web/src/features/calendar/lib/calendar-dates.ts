import { addDays, addMonths, addWeeks, endOfMonth, endOfWeek, format, isValid, parse, startOfMonth, startOfWeek } from 'date-fns';
import type { CalendarView } from './calendar-search';

export type { CalendarView } from './calendar-search';

const WEEK = { weekStartsOn: 1 } as const;

export const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');

export function parseDay(value: string | undefined): Date {
  const parsed = value ? parse(value, 'yyyy-MM-dd', new Date()) : new Date();
  return isValid(parsed) ? parsed : new Date();
}

/** The days on screen: six full weeks around the month, or the week (Monday first). */
export function visibleDays(view: CalendarView, anchor: Date): Date[] {
  const start = view === 'month' ? startOfWeek(startOfMonth(anchor), WEEK) : startOfWeek(anchor, WEEK);
  const count = view === 'month' ? 42 : 7;
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/** `[from, to)` as instants, for the list endpoint's postDateFrom/postDateTo. */
export function rangeOf(days: Date[]): { from: Date; to: Date } {
  return { from: days[0]!, to: addDays(days.at(-1)!, 1) };
}

export function shift(view: CalendarView, anchor: Date, step: number): Date {
  return view === 'month' ? addMonths(anchor, step) : addWeeks(anchor, step);
}

export function periodLabel(view: CalendarView, anchor: Date): string {
  if (view === 'month') return format(anchor, 'MMMM yyyy');
  const start = startOfWeek(anchor, WEEK);
  const end = endOfWeek(anchor, WEEK);
  return start.getMonth() === end.getMonth()
    ? `${format(start, 'MMM d')} – ${format(end, 'd, yyyy')}`
    : `${format(start, 'MMM d')} – ${format(end, 'MMM d, yyyy')}`;
}

export const inMonth = (day: Date, anchor: Date) => day >= startOfMonth(anchor) && day <= endOfMonth(anchor);

/** The same time of day on another day: what a drag to another day means. */
export function moveToDay(instant: Date, day: Date): Date {
  const moved = new Date(day);
  moved.setHours(instant.getHours(), instant.getMinutes(), instant.getSeconds(), instant.getMilliseconds());
  return moved;
}

/** The UTC day the daily limits count a post in. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);
