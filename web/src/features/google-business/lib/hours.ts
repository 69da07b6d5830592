import { z } from 'zod';
import type { GoogleDate, HoursUpdate, SpecialHourPeriod, TimeOfDay, TimePeriod } from './location-types';

export const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Day = (typeof DAYS)[number];
export const DAY_LABELS: Record<Day, string> = {
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  SUNDAY: 'Sunday',
};

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM');
const optionalTime = z.union([time, z.literal('')]);

/** The form's shape: one row per weekday, and dated exceptions. Google's periods are built from it on save. */
export const HoursForm = z
  .object({
    days: z.array(z.object({ day: z.enum(DAYS), open: z.boolean(), openTime: optionalTime, closeTime: optionalTime })).length(7),
    special: z
      .array(
        z.object({
          date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date'),
          closed: z.boolean(),
          openTime: optionalTime,
          closeTime: optionalTime,
        }),
      )
      .max(100),
  })
  .superRefine((form, ctx) => {
    form.days.forEach((row, index) => {
      if (!row.open) return;
      if (!row.openTime) ctx.addIssue({ code: 'custom', path: ['days', index, 'openTime'], message: 'Enter an opening time' });
      if (!row.closeTime) ctx.addIssue({ code: 'custom', path: ['days', index, 'closeTime'], message: 'Enter a closing time' });
      if (row.openTime && row.openTime === row.closeTime)
        ctx.addIssue({ code: 'custom', path: ['days', index, 'closeTime'], message: 'Closing time must differ from opening time' });
    });
    const seen = new Set<string>();
    form.special.forEach((row, index) => {
      if (seen.has(row.date)) ctx.addIssue({ code: 'custom', path: ['special', index, 'date'], message: 'This date is already listed' });
      seen.add(row.date);
      if (row.closed) return;
      if (!row.openTime) ctx.addIssue({ code: 'custom', path: ['special', index, 'openTime'], message: 'Enter an opening time' });
      if (!row.closeTime) ctx.addIssue({ code: 'custom', path: ['special', index, 'closeTime'], message: 'Enter a closing time' });
    });
  });
export type HoursFormValues = z.input<typeof HoursForm>;

const pad = (n: number) => String(n).padStart(2, '0');

/** Google's TimeOfDay (or the "HH:MM" clients may send) as "HH:MM"; 24:00 (end of day) shows as 00:00. */
export function timeText(time: TimeOfDay | string | undefined): string {
  if (time === undefined) return '';
  if (typeof time === 'string') return time.padStart(5, '0');
  return `${pad((time.hours ?? 0) % 24)}:${pad(time.minutes ?? 0)}`;
}

function toTimeOfDay(text: string): TimeOfDay {
  const [hours, minutes] = text.split(':').map(Number);
  return { hours: hours!, minutes: minutes! };
}

const dateText = (date: GoogleDate | undefined) => (date?.year && date.month && date.day ? `${date.year}-${pad(date.month)}-${pad(date.day)}` : '');
function toDate(text: string): GoogleDate {
  const [year, month, day] = text.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

/**
 * The location's hours as the form shows them. A day with several periods (a lunch break) shows
 * its first opening and last closing: the form edits one period per day.
 */
export function hoursFormValues(regular: TimePeriod[] = [], special: SpecialHourPeriod[] = []): HoursFormValues {
  return {
    days: DAYS.map((day) => {
      const periods = regular.filter((period) => period.openDay === day);
      if (periods.length === 0) return { day, open: false, openTime: '09:00', closeTime: '17:00' };
      return { day, open: true, openTime: timeText(periods[0]!.openTime), closeTime: timeText(periods.at(-1)!.closeTime) };
    }),
    special: special
      .map((period) => ({
        date: dateText(period.startDate),
        closed: !!period.closed,
        openTime: period.closed ? '' : timeText(period.openTime),
        closeTime: period.closed ? '' : timeText(period.closeTime),
      }))
      .filter((row) => row.date),
  };
}

/** The form as Google's periods: a closing time at or before the opening time closes on the next day. */
export function hoursUpdate(form: z.output<typeof HoursForm>): HoursUpdate {
  const periods: TimePeriod[] = form.days
    .filter((row) => row.open)
    .map((row) => {
      const overnight = row.closeTime <= row.openTime;
      const next = DAYS[(DAYS.indexOf(row.day) + 1) % 7]!;
      // Google writes "until midnight" as 24:00 on the same day.
      if (overnight && row.closeTime === '00:00')
        return { openDay: row.day, openTime: toTimeOfDay(row.openTime), closeDay: row.day, closeTime: { hours: 24, minutes: 0 } };
      return { openDay: row.day, openTime: toTimeOfDay(row.openTime), closeDay: overnight ? next : row.day, closeTime: toTimeOfDay(row.closeTime) };
    });
  const specialHourPeriods: SpecialHourPeriod[] = [...form.special]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((row) =>
      row.closed
        ? { startDate: toDate(row.date), endDate: toDate(row.date), closed: true }
        : { startDate: toDate(row.date), endDate: toDate(row.date), openTime: toTimeOfDay(row.openTime), closeTime: toTimeOfDay(row.closeTime) },
    );
  return { regularHours: { periods }, specialHours: { specialHourPeriods } };
}
