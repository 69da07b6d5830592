import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { DatabaseAvailability } from './availability';
import { isDatabaseUnavailable } from './database-errors';

function recordingLogger() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, fields });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
}

const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
// Drizzle wraps the driver's error.
const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });

describe('which errors mean the database is away', () => {
  it('knows connection errors from both drivers, wrapped or not, and nothing else', () => {
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // A query's own faults are not outages.
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('database availability', () => {
  it('logs an outage once, probes until the database answers, and logs the end once', async () => {
    const { logger, lines } = recordingLogger();
    let probes = 0;
    let up = false;
    const availability = new DatabaseAvailability({
      logger,
      minDelayMs: 1,
      maxDelayMs: 5,
      probe: async () => {
        probes += 1;
        if (!up) throw shutdown;
      },
    });

    expect(availability.report(new Error('not a connection error'), 'api')).toBe(false);
    expect(availability.available).toBe(true);
    for (let i = 0; i < 50; i++) expect(availability.report(wrapped, 'api')).toBe(true);
    expect(availability.available).toBe(false);
    await expect.poll(() => probes).toBeGreaterThan(2);
    up = true;
    await expect.poll(() => availability.available).toBe(true);

    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'database unavailable: answering 503 and pausing work until it is back'],
      ['info', 'database available again'],
    ]);
    expect(lines[0]!.fields).toMatchObject({ component: 'api' });
    expect(lines[1]!.fields).toMatchObject({ failures: 50, downForMs: expect.any(Number) });

    // A second outage is a new one: logged again.
    up = false;
    availability.report(shutdown, 'worker');
    up = true;
    await expect.poll(() => availability.available).toBe(true);
    expect(lines).toHaveLength(4);
    availability.stop();
  });
});
