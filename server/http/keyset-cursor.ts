import { BadRequestError } from './errors';

/*
 * Opaque page positions for lists sorted newest first by (timestamp, id): the cursor is the sort
 * key of the last item given, so a page after it starts exactly there whatever was inserted since.
 */

export type CursorPosition = { at: Date; id: string };

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const date = typeof at === 'string' ? new Date(at) : null;
    if (date && !Number.isNaN(date.getTime()) && typeof id === 'string') return { at: date, id };
  } catch {
    // falls through to the 400 below
  }
  throw new BadRequestError('Invalid cursor', [{ code: 'custom', message: 'Invalid cursor', path: ['cursor'] }]);
}

/** The next cursor when the query fetched one row more than the page holds. */
export function nextCursorOf<T extends { id: string }>(rows: T[], limit: number, atOf: (row: T) => Date): string | null {
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return last ? encodeCursor(atOf(last), last.id) : null;
}
