import { describe, expect, it } from 'vitest';
import { adminCommandSchema } from '../admin/admin-command-schema';
import { runAdminCommand } from '../admin/commands';
import { createTestApp } from '../test/test-app';
import { importReviewsJob } from './reviews.jobs';
import { connectPlace, waitFor } from './reviews-test-kit';
import { sweepReviewSyncs } from './review-sync.service';
import { fillReplyTemplate } from './shared/reply-templates';
import { REVIEW_SYNC_EVERY_HOURS, reviewSyncCount } from './shared/review-sync-budget';

// The imports run on workers; the sweep (the hourly cron's body) is called with a chosen clock.
const t = await createTestApp({ work: true, workOnly: [importReviewsJob] });

const HOUR = 3_600_000;

type ImportJob = { id: string; status: string; requestedCount: number; reviewsImported: number };

async function setup(plan: 'FREE' | 'PRO') {
  const org = await t.createOrg(plan);
  const account = await connectPlace(t, org.key, org.teamId, 'GOOGLE_BUSINESS');
  const imports = async () => {
    const response = await t.request('GET', `/misc/google-business/reviews/import?teamId=${org.teamId}`, { key: org.key });
    expect(response.status, response.text).toBe(200);
    return response.json.imports as ImportJob[];
  };
  const capacity = async () => {
    const response = await t.request('GET', `/misc/google-business/reviews?teamId=${org.teamId}&limit=1`, { key: org.key });
    expect(response.status, response.text).toBe(200);
    return response.json as { total: number; limit: number; remainingCapacity: number };
  };
  /** One run of the hourly sweep at `now`, then the imports it started, finished. */
  const sweep = async (now: Date) => {
    const started = await sweepReviewSyncs(t.services, { now, only: { organizationId: org.organizationId } });
    await waitFor(imports, (jobs) => jobs.every((job) => job.status === 'COMPLETED' || job.status === 'FAILED'));
    return started;
  };
  return { ...org, account, imports, capacity, sweep };
}

describe('scheduled review sync', { timeout: 120_000 }, () => {
  it('imports on its own within the monthly capacity, and stops when the month is spent', async () => {
    const { sweep, imports, capacity, account, organizationId } = await setup('FREE');
    const start = new Date();

    // First sync: half of the month's 5 new reviews, newest first.
    expect(await sweep(start)).toEqual([{ socialAccountId: account.id, count: 3 }]);
    expect(await capacity()).toMatchObject({ total: 3, limit: 5, remainingCapacity: 2 });
    // Synced a moment ago: not due again until the interval has passed.
    expect(await sweep(new Date(start.getTime() + HOUR))).toEqual([]);

    // Later syncs share out what is left; the account is never taken past its cap.
    let at = start.getTime();
    for (let run = 0; run < 4; run++) {
      at += (REVIEW_SYNC_EVERY_HOURS + 1) * HOUR;
      await sweep(new Date(at));
      const { total, remainingCapacity } = await capacity();
      expect(total).toBeLessThanOrEqual(5);
      expect(total + remainingCapacity).toBe(5);
    }
    expect(await capacity()).toMatchObject({ total: 5, remainingCapacity: 0 });
    const runs = (await imports()).length;
    at += (REVIEW_SYNC_EVERY_HOURS + 1) * HOUR;
    expect(await sweep(new Date(at))).toEqual([]);
    expect(await imports()).toHaveLength(runs);

    // A higher custom limit from the operator: the next sync continues.
    await runAdminCommand(t.services.db, adminCommandSchema.parse({ command: 'review-limits', org: organizationId, monthly: '20' }));
    at += (REVIEW_SYNC_EVERY_HOURS + 1) * HOUR;
    const [next] = await sweep(new Date(at));
    expect(next!.count).toBeGreaterThanOrEqual(1);
    expect((await capacity()).total).toBe(5 + next!.count);
  });

  it('leaves an account alone while its import runs, and counts a manual import as a sync', async () => {
    const { sweep, imports, key, teamId, organizationId } = await setup('PRO');
    await t.request('POST', '/sandbox/faults', { key, body: { type: 'GOOGLE_BUSINESS', operation: 'reviews.list', kind: 'SLOW', delayMs: 1500, count: 1 } });
    const started = await t.request('POST', '/misc/google-business/reviews/import', { key, body: { teamId, count: 2 } });
    expect(started.status, started.text).toBe(201);
    // The manual import counts as the latest sync: nothing is due.
    expect(await sweep(new Date())).toEqual([]);
    // Hours later it is due, but a second import is refused while one runs: the sweep skips it.
    await t.request('POST', '/sandbox/faults', { key, body: { type: 'GOOGLE_BUSINESS', operation: 'reviews.list', kind: 'SLOW', delayMs: 1500, count: 1 } });
    const another = await t.request('POST', '/misc/google-business/reviews/import', { key, body: { teamId, count: 2 } });
    expect(another.status, another.text).toBe(201);
    const swept = await sweepReviewSyncs(t.services, { now: new Date(Date.now() + 7 * HOUR), only: { organizationId } });
    expect(swept).toEqual([]);
    await waitFor(imports, (jobs) => jobs.every((job) => job.status === 'COMPLETED'));
    expect(await imports()).toHaveLength(2);
  });
});

describe('review sync budget', () => {
  const midMonth = new Date('2026-06-15T00:00:00Z');
  it('takes half for a first look, then a share per remaining sync, never more than one import may ask', () => {
    expect(reviewSyncCount({ remaining: 0, firstSync: true, manual: false, now: midMonth })).toBe(0);
    expect(reviewSyncCount({ remaining: 200, firstSync: true, manual: false, now: midMonth })).toBe(100);
    expect(reviewSyncCount({ remaining: 1000, firstSync: true, manual: false, now: midMonth })).toBe(250);
    // 16 days left, 4 syncs a day: 64 syncs share 100.
    expect(reviewSyncCount({ remaining: 100, firstSync: false, manual: false, now: midMonth })).toBe(2);
    // "Sync now" takes a day's share.
    expect(reviewSyncCount({ remaining: 160, firstSync: false, manual: true, now: midMonth })).toBe(10);
    // At least one while anything is left, the last hours of the month included.
    expect(reviewSyncCount({ remaining: 3, firstSync: false, manual: false, now: new Date('2026-06-30T23:00:00Z') })).toBe(3);
    expect(reviewSyncCount({ remaining: 1, firstSync: false, manual: false, now: midMonth })).toBe(1);
  });
});

describe('review reply templates', () => {
  it('are saved per team, listed by name, validated, and deleted', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const path = '/misc/reviews/reply-templates';
    const save = (body: Record<string, unknown>) => t.request('POST', path, { key, body });
    const thanks = await save({ teamId, name: 'Thanks', text: 'Thank you, {firstName}! See you soon.' });
    expect(thanks.status, thanks.text).toBe(201);
    expect(thanks.json).toMatchObject({ teamId, name: 'Thanks', text: 'Thank you, {firstName}! See you soon.' });
    expect((await save({ teamId, name: '  Apology ', text: 'We are sorry, {name}.' })).json.name).toBe('Apology');
    const listed = await t.request('GET', `${path}?teamId=${teamId}`, { key });
    expect(listed.json).toMatchObject({ total: 2, items: [{ name: 'Apology' }, { name: 'Thanks' }] });

    expect((await save({ teamId, name: 'Thanks', text: 'Again' })).status).toBe(409);
    for (const body of [
      { teamId, name: '', text: 'Hi' },
      { teamId, name: 'x'.repeat(61), text: 'Hi' },
      { teamId, name: 'Blank', text: '   ' },
      { teamId, name: 'Long', text: 'y'.repeat(4097) },
      { name: 'No team', text: 'Hi' },
      { teamId, name: 'Extra', text: 'Hi', extra: 1 },
    ]) {
      const response = await save(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json.issues.length).toBeGreaterThan(0);
    }
    expect((await save({ teamId: 'other-team', name: 'Other', text: 'Hi' })).status).toBe(404);
    // Another organization sees none of them and cannot delete them.
    const other = await t.createOrg('PRO');
    expect((await t.request('GET', `${path}?teamId=${teamId}`, { key: other.key })).status).toBe(404);
    expect((await t.request('DELETE', `${path}/${thanks.json.id}`, { key: other.key })).status).toBe(404);

    const deleted = await t.request('DELETE', `${path}/${thanks.json.id}`, { key });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await t.request('DELETE', `${path}/${thanks.json.id}`, { key })).status).toBe(404);
    expect((await t.request('GET', `${path}?teamId=${teamId}`, { key })).json.total).toBe(1);
  });

  it('fill in the reviewer’s name', () => {
    expect(fillReplyTemplate('Thank you, {firstName}! — to {name}', 'Dana Baker')).toBe('Thank you, Dana! — to Dana Baker');
    expect(fillReplyTemplate('Hi {firstName}', null)).toBe('Hi there');
  });
});
