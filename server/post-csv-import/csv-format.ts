import { createHash } from 'node:crypto';
import { CsvError, parse } from 'csv-parse/sync';
import type { SocialAccountRow } from '../accounts/account-record';
import { BadRequestError, type Issue } from '../http/errors';
import { FIRST_COMMENT_PLATFORMS } from '../platforms/content-rules/first-comment';
import { POST_PLATFORMS, type PostPlatform } from '../platforms/platform-types';

/** The documented columns (docs/csv-import.md); per-platform columns are `<PLATFORM>.<option>`. */
export const CSV_COLUMNS = ['date', 'time', 'timezone', 'accounts', 'text', 'media', 'title', 'status', 'referenceKey', 'firstComment'] as const;
export const MAX_CSV_ROWS = 1000;

export type RawRow = Record<string, string>;

/** A row read as far as the file alone allows; accounts and uploads are checked against the team later. */
export type ReadRow = {
  rowNumber: number;
  rawRow: RawRow;
  referenceKey: string;
  /** The `POST /post` body the row stands for, with media URLs still to fetch (`mediaUrls`). */
  payload: Record<string, unknown> | null;
  mediaUrls: string[];
  issues: Issue[];
};

const canonical = new Map<string, string>(CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));
const platformNames = new Set<string>(POST_PLATFORMS);

/** `YOUTUBE.privacy` → `{ platform, option }`; anything else → null. */
function platformColumn(header: string): { platform: PostPlatform; option: string } | null {
  const match = /^([A-Za-z_]+)\.([A-Za-z][A-Za-z0-9_]*)$/.exec(header);
  if (!match || !platformNames.has(match[1]!.toUpperCase())) return null;
  return { platform: match[1]!.toUpperCase() as PostPlatform, option: match[2]! };
}

/**
 * The file's rows keyed by documented column names. A file that is no CSV, has no `date` or
 * `accounts` column, names a column nobody documented, or has too many rows is refused as a whole.
 */
export function parseCsvFile(text: string): { headers: string[]; rows: RawRow[] } {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, relax_column_count: false, trim: false, bom: true }) as string[][];
  } catch (error) {
    if (error instanceof CsvError)
      throw new BadRequestError(`The file is not valid CSV: ${error.message}`, [{ code: 'custom', path: ['file'], message: error.message }]);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw new BadRequestError('The file is empty', [{ code: 'custom', path: ['file'], message: 'The file has no header row' }]);
  const issues: Issue[] = [];
  const headers = header.map((name, index) => {
    const trimmed = name.trim();
    const known = canonical.get(trimmed.toLowerCase());
    if (known) return known;
    const column = platformColumn(trimmed);
    if (column) return `${column.platform}.${column.option}`;
    issues.push({ code: 'custom', path: ['file', 'columns', index], message: `Unknown column '${trimmed}' (see docs/csv-import.md)` });
    return trimmed;
  });
  for (const required of ['date', 'accounts']) {
    if (!headers.includes(required)) issues.push({ code: 'custom', path: ['file', 'columns'], message: `The file needs a '${required}' column` });
  }
  const duplicate = headers.find((name, index) => headers.indexOf(name) !== index);
  if (duplicate) issues.push({ code: 'custom', path: ['file', 'columns'], message: `The column '${duplicate}' appears twice` });
  if (body.length === 0) issues.push({ code: 'custom', path: ['file'], message: 'The file has a header but no rows' });
  if (body.length > MAX_CSV_ROWS)
    issues.push({ code: 'custom', path: ['file'], message: `At most ${MAX_CSV_ROWS} rows per file (this one has ${body.length})` });
  if (issues.length) throw new BadRequestError(`The file cannot be imported: ${issues[0]!.message}`, issues);
  const rows = body.map((record) => Object.fromEntries(headers.map((name, index) => [name, (record[index] ?? '').trim()])));
  return { headers, rows };
}

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

function validTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function zoneOffset(zone: string, instant: number) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant;
}

/** A wall-clock time in an IANA zone as an instant (a time skipped by a DST change moves forward). */
function zonedInstant(local: RegExpExecArray, zone: string): Date {
  const [, y, mo, d, h, mi, s] = local;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  let instant = wall - zoneOffset(zone, wall);
  instant = wall - zoneOffset(zone, instant);
  return new Date(instant);
}

/** `date` (+ `time`) with an offset, or a local time with a `timezone` column. */
export function readPostDate(raw: RawRow): { value: string } | { issue: Issue } {
  const text = [raw.date, raw.time]
    .filter(Boolean)
    .join(raw.date?.includes('T') ? '' : ' ')
    .trim();
  if (!text) return { issue: { code: 'custom', path: ['date'], message: 'Required' } };
  if (OFFSET.test(text)) {
    const parsed = new Date(text.replace(' ', 'T'));
    if (Number.isNaN(parsed.getTime())) return { issue: { code: 'invalid_date', path: ['date'], message: `'${text}' is not a date and time` } };
    return { value: parsed.toISOString() };
  }
  const zone = raw.timezone;
  if (!zone) {
    return { issue: { code: 'custom', path: ['date'], message: `'${text}' has no time zone: add an offset (2026-12-01T09:30+01:00) or a timezone column` } };
  }
  if (!validTimeZone(zone))
    return { issue: { code: 'custom', path: ['timezone'], message: `'${zone}' is not an IANA time zone (Europe/Paris, America/New_York, UTC)` } };
  const local = LOCAL.exec(text);
  if (!local) return { issue: { code: 'invalid_date', path: ['date'], message: `'${text}' is not a date and time (YYYY-MM-DD HH:mm)` } };
  const instant = zonedInstant(local, zone);
  if (Number.isNaN(instant.getTime())) return { issue: { code: 'invalid_date', path: ['date'], message: `'${text}' is not a date and time` } };
  return { value: instant.toISOString() };
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(/[;\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** `true`/`false` are booleans, `[…]`/`{…}` JSON, anything else the text as written. */
function optionValue(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/**
 * The team's accounts each `accounts` item names: `YOUTUBE` (the team's YouTube account),
 * `INSTAGRAM:@handle` (that account, by username) or an account id.
 */
function resolveAccounts(items: string[], accounts: SocialAccountRow[]): { platforms: PostPlatform[]; issues: Issue[] } {
  const platforms: PostPlatform[] = [];
  const issues: Issue[] = [];
  items.forEach((item, index) => {
    const [head, ...rest] = item.split(':');
    const type = head!.trim().toUpperCase();
    const username = rest.join(':').trim().replace(/^@/, '');
    let platform: PostPlatform | null = null;
    if (platformNames.has(type)) {
      const account = accounts.find((row) => row.type === type);
      if (username && (!account || (account.username ?? '').toLowerCase() !== username.toLowerCase())) {
        issues.push({ code: 'custom', path: ['accounts', index], message: `The team has no ${type} account @${username}` });
        return;
      }
      platform = type as PostPlatform;
    } else {
      const account = accounts.find((row) => row.id === item);
      if (!account) {
        issues.push({
          code: 'custom',
          path: ['accounts', index],
          message: `'${item}' is neither a platform (YOUTUBE, INSTAGRAM:@name) nor an account id of this team`,
        });
        return;
      }
      platform = account.type as PostPlatform;
    }
    if (platforms.includes(platform)) issues.push({ code: 'custom', path: ['accounts', index], message: `${platform} is named twice` });
    else platforms.push(platform);
  });
  if (items.length === 0) issues.push({ code: 'custom', path: ['accounts'], message: 'Required: at least one account' });
  return { platforms, issues };
}

/** The row's own key, or one derived from what it says: uploading the same file again finds the same posts. */
export function rowReferenceKey(teamId: string, raw: RawRow): string {
  if (raw.referenceKey) return raw.referenceKey;
  const content = Object.keys(raw)
    .sort()
    .map((key) => `${key}=${raw[key]}`)
    .join('\n');
  return `csv-${createHash('sha256').update(`${teamId}\n${content}`).digest('hex').slice(0, 32)}`;
}

/** One CSV row as the `POST /post` body it stands for; the post validation then runs on that body. */
export function readRow(raw: RawRow, rowNumber: number, context: { teamId: string; accounts: SocialAccountRow[] }): ReadRow {
  const issues: Issue[] = [];
  const referenceKey = rowReferenceKey(context.teamId, raw);
  const date = readPostDate(raw);
  if ('issue' in date) issues.push(date.issue);
  const { platforms, issues: accountIssues } = resolveAccounts(list(raw.accounts), context.accounts);
  issues.push(...accountIssues);
  const status = (raw.status || 'SCHEDULED').toUpperCase();
  if (status !== 'SCHEDULED' && status !== 'DRAFT') issues.push({ code: 'invalid_enum_value', path: ['status'], message: 'SCHEDULED or DRAFT' });

  const media = list(raw.media);
  const mediaUrls = media.filter((item) => /^https?:\/\//i.test(item));
  const data: Record<string, Record<string, unknown>> = {};
  for (const platform of platforms) {
    data[platform] = {
      ...(raw.text ? { text: raw.text } : {}),
      ...(media.length ? { uploadIds: media } : {}),
    };
  }
  for (const [column, value] of Object.entries(raw)) {
    const option = platformColumn(column);
    if (!option || value === '') continue;
    if (!platforms.includes(option.platform)) {
      issues.push({ code: 'custom', path: [column], message: `${option.platform} options given but ${option.platform} is not in accounts` });
      continue;
    }
    data[option.platform]![option.option] = optionValue(value);
  }
  const firstComment = raw.firstComment
    ? Object.fromEntries(
        platforms.filter((platform) => (FIRST_COMMENT_PLATFORMS as readonly string[]).includes(platform)).map((platform) => [platform, raw.firstComment]),
      )
    : undefined;
  const title = raw.title || (raw.text ? raw.text.replace(/\s+/g, ' ').slice(0, 80) : `CSV row ${rowNumber}`);
  const payload =
    'value' in date && platforms.length
      ? {
          teamId: context.teamId,
          title,
          postDate: date.value,
          status,
          socialAccountTypes: platforms,
          data,
          ...(firstComment ? { firstComment } : {}),
          referenceKey,
        }
      : null;
  return { rowNumber, rawRow: raw, referenceKey, payload, mediaUrls, issues };
}
