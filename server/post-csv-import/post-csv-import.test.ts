import { describe, expect, it } from 'vitest';
import { waitFor } from '../comments/comments-test-kit';
import { connectAccount, inDays } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { postCsvImportJobs } from './post-csv-import.jobs';

const t = await createTestApp({ work: true, workOnly: postCsvImportJobs });

async function csvRequest(path: string, key: string, csv: string, fields: Record<string, string> = {}, fileName = 'posts.csv') {
  const form = new FormData();
  form.append('file', new File([csv], fileName, { type: 'text/csv' }));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await t.app.request(`/api/v1${path}`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined, text };
}

async function csvOrg() {
  const org = await t.createOrg('PRO');
  const mastodon = await connectAccount(t, org.key, org.teamId, 'MASTODON');
  const bluesky = await connectAccount(t, org.key, org.teamId, 'BLUESKY');
  return { ...org, mastodon, bluesky };
}

const tomorrow = inDays(1, 9).slice(0, 10);
const inTwoDays = inDays(2, 9);

/** Row 1 valid (offset), row 2 valid (local time in Paris, by account id), rows 3-6 each wrong in one way. */
function mixedFile(mastodonId: string) {
  return [
    'date,time,timezone,accounts,text,MASTODON.privacy,referenceKey',
    `${inTwoDays},,,MASTODON;BLUESKY,Hello from row one,UNLISTED,`,
    `${tomorrow},09:30,Europe/Paris,${mastodonId},"Row two, with a comma",,`,
    `${inTwoDays},,,MASTODON,${'x'.repeat(501)},,`,
    `${inTwoDays},,,LINKEDIN,Needs an account,,`,
    `2020-01-01T10:00:00Z,,,MASTODON,Too late,,`,
    `${tomorrow},09:30,Mars/Olympus,MASTODON,Nowhere,,`,
  ].join('\n');
}

const postsOf = async (key: string, teamId: string) =>
  (await t.request('GET', `/post?teamId=${teamId}&limit=100`, { key })).json as {
    items: { id: string; referenceKey: string | null; postDate: string; status: string }[];
    total: number;
  };

async function waitForImport(key: string, id: string) {
  const response = await waitFor(
    () => t.request('GET', `/post-csv-import/${id}/status`, { key }),
    (r) => ['COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED'].includes(r.json?.status),
  );
  return response.json;
}

describe('post CSV import', { timeout: 180_000 }, () => {
  it('dry run: checks every row with the post rules, names the column, and creates nothing', async () => {
    const org = await csvOrg();
    const result = await csvRequest('/post-csv-import/dry-run', org.key, mixedFile(org.mastodon.id), { teamId: org.teamId });
    expect(result.status, result.text).toBe(200);
    expect(result.json).toMatchObject({ fileName: 'posts.csv', teamId: org.teamId, totalRows: 6, validRows: 2, invalidRows: 4, alreadyImportedRows: 0 });
    const [one, two, three, four, five, six] = result.json.rows;
    expect(one).toMatchObject({ rowNumber: 1, status: 'VALID', error: null, normalizedPayload: { socialAccountTypes: ['MASTODON', 'BLUESKY'] } });
    expect(one.normalizedPayload.data.MASTODON).toEqual({ text: 'Hello from row one', privacy: 'UNLISTED' });
    // 09:30 in Paris on a winter day is 08:30 UTC.
    expect(two).toMatchObject({
      status: 'VALID',
      normalizedPayload: { postDate: `${tomorrow}T08:30:00.000Z`, data: { MASTODON: { text: 'Row two, with a comma' } } },
    });
    expect(three.status).toBe('INVALID');
    expect(three.issues).toContainEqual(expect.objectContaining({ code: 'too_big', path: ['MASTODON.text'] }));
    expect(four.issues).toContainEqual(expect.objectContaining({ path: ['accounts', 0], message: expect.stringContaining('no connected LinkedIn account') }));
    expect(five.issues).toContainEqual(expect.objectContaining({ path: ['date'], message: expect.stringContaining('in the past') }));
    expect(six.issues).toContainEqual(expect.objectContaining({ path: ['timezone'] }));
    expect(six.error).toContain('Mars/Olympus');

    expect((await postsOf(org.key, org.teamId)).total).toBe(0);
    expect((await t.request('GET', '/post-csv-import', { key: org.key })).json.total).toBe(0);

    // Dropping rows: the dry run checks only the rest.
    const kept = await csvRequest('/post-csv-import/dry-run', org.key, mixedFile(org.mastodon.id), { teamId: org.teamId, skipRows: '3,4,5,6' });
    expect(kept.json).toMatchObject({ totalRows: 2, validRows: 2, invalidRows: 0, skippedRows: [3, 4, 5, 6] });
  });

  it('refuses files and forms it cannot read with the error envelope', async () => {
    const org = await csvOrg();
    const unknown = await csvRequest('/post-csv-import', org.key, 'date,accounts,colour\n2030-01-01T10:00Z,MASTODON,blue\n');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ statusCode: 400, issues: [expect.objectContaining({ message: expect.stringContaining("Unknown column 'colour'") })] });
    const noAccounts = await csvRequest('/post-csv-import/dry-run', org.key, 'date,text\n2030-01-01T10:00Z,hi\n');
    expect(noAccounts.json.issues).toContainEqual(expect.objectContaining({ message: "The file needs a 'accounts' column" }));
    const broken = await csvRequest('/post-csv-import', org.key, 'date,accounts\n"2030-01-01,MASTODON\n');
    expect(broken).toMatchObject({ status: 400, json: { statusCode: 400, message: expect.stringContaining('not valid CSV') } });
    const empty = await csvRequest('/post-csv-import', org.key, 'date,accounts\n');
    expect(empty.status).toBe(400);

    const noFile = await t.app.request('/api/v1/post-csv-import', { method: 'POST', headers: { 'x-api-key': org.key }, body: new FormData() });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({ statusCode: 400, issues: [expect.objectContaining({ path: ['file'] })] });
    const badSkip = await csvRequest('/post-csv-import', org.key, mixedFile(org.mastodon.id), { skipRows: 'all' });
    expect(badSkip.json.issues).toContainEqual(expect.objectContaining({ path: ['skipRows'] }));

    // With two teams, the team must be named; another organization's team is not found.
    await t.request('POST', '/team', { key: org.key, body: { name: 'Second team' } });
    const ambiguous = await csvRequest('/post-csv-import', org.key, mixedFile(org.mastodon.id));
    expect(ambiguous.json.issues).toContainEqual(expect.objectContaining({ path: ['teamId'] }));
    const other = await t.createOrg('PRO');
    const foreign = await csvRequest('/post-csv-import', org.key, mixedFile(org.mastodon.id), { teamId: other.teamId });
    expect(foreign).toMatchObject({ status: 404, json: { statusCode: 404 } });
    expect((await t.request('GET', '/post-csv-import', { key: org.key })).json.total).toBe(0);
  });

  it('imports in the background with progress and per-row results; uploading the file again creates no second post', async () => {
    const org = await csvOrg();
    // A post that already carries a row's key (as if a crashed run had made it): the row links to it.
    const existing = await t.request('POST', '/post', {
      key: org.key,
      body: {
        teamId: org.teamId,
        title: 'Made before',
        postDate: inTwoDays,
        socialAccountTypes: ['MASTODON'],
        data: { MASTODON: { text: 'Already here' } },
        referenceKey: 'kept-1',
      },
    });
    expect(existing.status).toBe(200);
    const file = `${mixedFile(org.mastodon.id)}\n${inTwoDays},,,MASTODON,Already here,,kept-1`;

    const created = await csvRequest('/post-csv-import', org.key, file, { teamId: org.teamId }, 'december.csv');
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ teamId: org.teamId, organizationId: org.organizationId, fileName: 'december.csv', totalRows: 7, status: 'PENDING' });
    const done = await waitForImport(org.key, created.json.id);
    expect(done).toMatchObject({ status: 'COMPLETED_WITH_ERRORS', totalRows: 7, processedRows: 7, successRows: 3, failedRows: 4 });
    expect(done.startedAt && done.completedAt).toBeTruthy();

    const failed = await t.request('GET', `/post-csv-import/${created.json.id}/rows?status=FAILED`, { key: org.key });
    expect(failed.json.total).toBe(4);
    expect(failed.json.items.map((row: { rowNumber: number }) => row.rowNumber)).toEqual([3, 4, 5, 6]);
    expect(failed.json.items[0]).toMatchObject({ status: 'FAILED', postId: null, error: expect.stringContaining('MASTODON.text') });
    const succeeded = await t.request('GET', `/post-csv-import/${created.json.id}/rows?status=SUCCESS`, { key: org.key });
    expect(succeeded.json.items.map((row: { rowNumber: number }) => row.rowNumber)).toEqual([1, 2, 7]);
    expect(succeeded.json.items[2].postId).toBe(existing.json.id);

    const afterFirst = await postsOf(org.key, org.teamId);
    expect(afterFirst.total).toBe(3);
    const rowTwo = afterFirst.items.find((post) => post.postDate === `${tomorrow}T08:30:00.000Z`);
    expect(rowTwo).toMatchObject({ status: 'SCHEDULED', referenceKey: expect.stringMatching(/^csv-/) });

    // The same file again: nothing new, the rows point at the same posts.
    const dry = await csvRequest('/post-csv-import/dry-run', org.key, file, { teamId: org.teamId });
    expect(dry.json).toMatchObject({ alreadyImportedRows: 3, validRows: 0 });
    const again = await csvRequest('/post-csv-import', org.key, file, { teamId: org.teamId });
    expect(await waitForImport(org.key, again.json.id)).toMatchObject({ successRows: 3, failedRows: 4 });
    const againRows = await t.request('GET', `/post-csv-import/${again.json.id}/rows?status=SUCCESS`, { key: org.key });
    expect(againRows.json.items.map((row: { postId: string }) => row.postId).sort()).toEqual(
      succeeded.json.items.map((row: { postId: string }) => row.postId).sort(),
    );
    expect((await postsOf(org.key, org.teamId)).total).toBe(3);

    const list = await t.request('GET', '/post-csv-import?limit=1', { key: org.key });
    expect(list.json).toMatchObject({ total: 2, items: [{ id: again.json.id }] });
    const one = await t.request('GET', `/post-csv-import/${created.json.id}`, { key: org.key });
    expect(one.json).toMatchObject({ id: created.json.id, status: 'COMPLETED_WITH_ERRORS' });
  });

  it('keeps imports to their organization', async () => {
    const org = await csvOrg();
    const created = await csvRequest('/post-csv-import', org.key, mixedFile(org.mastodon.id));
    expect(created.status).toBe(201);
    const other = await t.createOrg('PRO');
    for (const path of ['', '/status', '/rows']) {
      const response = await t.request('GET', `/post-csv-import/${created.json.id}${path}`, { key: other.key });
      expect(response.status).toBe(404);
      expect(response.json).toMatchObject({ statusCode: 404 });
    }
    expect((await t.request('GET', '/post-csv-import', { key: other.key })).json).toMatchObject({ total: 0, items: [] });
    const badQuery = await t.request('GET', `/post-csv-import/${created.json.id}/rows?status=MAYBE`, { key: org.key });
    expect(badQuery.status).toBe(400);
    await waitForImport(org.key, created.json.id);
  });

  it('works through the published client, and exports the posts list as CSV', async () => {
    const org = await csvOrg();
    const client = await t.bundlesocial(org.key);
    const file = `date,accounts,text,referenceKey\n${inTwoDays},MASTODON,"Say ""hi"", world",client-1\n${inTwoDays},BLUESKY,=SUM(A1),client-2\n`;
    const created = await client.postCsv.postCsvCreate({ formData: { file: new Blob([file], { type: 'text/csv' }) } });
    expect(created).toMatchObject({ teamId: org.teamId, totalRows: 2 });
    await waitForImport(org.key, created.id);
    const status = await client.postCsv.postCsvGetStatus({ importId: created.id });
    expect(status).toMatchObject({ status: 'COMPLETED', successRows: 2 });
    const rows = await client.postCsv.postCsvGetRows({ importId: created.id, status: 'SUCCESS' });
    expect(rows.items[0]).toMatchObject({ rowNumber: 1, rawRow: { referenceKey: 'client-1' } });
    expect((await client.postCsv.postCsvGetList({ limit: 5 })).total).toBe(1);

    const exported = await t.app.request(`/api/v1/post/export.csv?teamId=${org.teamId}&platforms=MASTODON`, { headers: { 'x-api-key': org.key } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    const lines = (await exported.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'postId,title,status,postDate,postedDate,referenceKey,platform,account,targetStatus,text,permalink,error,impressions,views,likes,comments,shares,saves,analyticsAt',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Say ""hi"", world"');
    expect(lines[1]).toContain(',client-1,MASTODON,');

    const all = await t.app.request(`/api/v1/post/export.csv?teamId=${org.teamId}`, { headers: { 'x-api-key': org.key } });
    // A cell a spreadsheet would run as a formula is written as text.
    expect(await all.text()).toContain(",'=SUM(A1),");
    const foreign = await t.app.request(`/api/v1/post/export.csv?teamId=${(await t.createOrg()).teamId}`, { headers: { 'x-api-key': org.key } });
    expect(foreign.status).toBe(404);
  });
});
