import { z } from 'zod';
import { POST_STATUSES } from '@server/posts/shared/post-statuses';

// Apart from calendar-dates.ts (date-fns) because the router reads it on every page.

export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/**
 * The calendar's place and filters live in the URL: `?view=week&date=2026-11-22&account=…&status=SCHEDULED`,
 * so a filtered week can be shared and survives a reload.
 */
export const calendarSearch = z.object({
  view: z.enum(CALENDAR_VIEWS).optional().catch(undefined),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  account: z.string().min(1).max(64).optional().catch(undefined),
  status: z.enum(POST_STATUSES).optional().catch(undefined),
});

export type CalendarSearch = z.infer<typeof calendarSearch>;

/** Below this width the grids are too narrow to read: the calendar opens as a list. */
export const SMALL_SCREEN_QUERY = '(max-width: 767px)';

/** The view asked for, else the list on a phone and the month elsewhere. */
export function defaultView(view: CalendarView | undefined): CalendarView {
  if (view) return view;
  return typeof window !== 'undefined' && window.matchMedia?.(SMALL_SCREEN_QUERY).matches ? 'agenda' : 'month';
}
