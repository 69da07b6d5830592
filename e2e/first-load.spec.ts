import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';

const isTeamList = (request: Request) => /\/api\/v1\/team\/?\?/.test(request.url()) && request.method() === 'GET';
const isPostList = (request: Request) => /\/api\/v1\/post\/?\?/.test(request.url()) && request.method() === 'GET';

test('a first load of the posts page fetches its data once, compressed, and still hears of later changes', async ({ page, signedInUser }) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const scripts: { url: string; encoding: string | undefined; length: number }[] = [];
  page.on('response', (response) => {
    const headers = response.headers();
    if (response.request().resourceType() === 'script') {
      scripts.push({ url: response.url(), encoding: headers['content-encoding'], length: Number(headers['content-length'] ?? Number.NaN) });
    }
  });

  await page.goto('/posts');
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  await expect(page.getByText('Connect an account to start posting')).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // A change made elsewhere after the stream opened: its event refetches the team list once more.
  // Events are handled in order after the stream's `ready`, so once this second request is seen, a
  // refetch-everything on connecting would have shown up already.
  const created = await page.request.post('/api/v1/team', {
    headers: { 'x-api-key': signedInUser.org.apiKey },
    data: { name: 'Opened elsewhere' },
  });
  expect(created.status()).toBe(200);
  await expect.poll(() => requests.filter(isTeamList).length).toBe(2);
  expect(requests.filter(isPostList)).toHaveLength(1);

  // The dashboard's scripts came compressed (brotli, which Chromium asks for first), but for a few
  // tiny ones (an icon) that would not gain from it.
  expect(scripts.filter((script) => script.encoding === 'br').length).toBeGreaterThan(2);
  for (const script of scripts) if (script.encoding !== 'br') expect(script.length, script.url).toBeLessThan(1024);
});
