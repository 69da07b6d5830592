import { z } from 'zod';

// Apart from calendar-dates.ts (date-fns) because the router reads it on every page.

export type CalendarView = 'month' | 'week';

/** The calendar's place lives in the URL: `?view=week&date=2026-11-22`. */
export const calendarSearch = z.object({
  view: z.enum(['month', 'week']).optional().catch(undefined),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
});
