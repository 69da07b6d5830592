import type { createTestApp } from '../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A multipart upload through the real route. */
export async function uploadForm(
  test: TestApp,
  key: string,
  file: { bytes: Buffer; name: string; type?: string },
  options: { teamId?: string; path?: string; extra?: Record<string, string> } = {},
) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(file.bytes)], file.name, file.type === undefined ? {} : { type: file.type }));
  if (options.teamId) form.append('teamId', options.teamId);
  for (const [name, value] of Object.entries(options.extra ?? {})) form.append(name, value);
  const response = await test.app.request(`/api/v1${options.path ?? '/upload/create'}`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** Path and query of an absolute URL the app handed out, for `app.request`. */
export function localPath(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

export async function putBytes(test: TestApp, url: string, bytes: Buffer | Uint8Array, headers: Record<string, string> = {}) {
  const response = await test.app.request(localPath(url), {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', ...headers },
    body: new Uint8Array(bytes),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

export async function fetchMedia(test: TestApp, url: string, headers: Record<string, string> = {}) {
  const response = await test.app.request(localPath(url), { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A draft post that uses the uploads, made through the posts API (drafts need no connected account). */
export async function draftPostUsing(test: TestApp, key: string, uploadIds: string[]): Promise<string> {
  const teamId = (await test.request('GET', '/team', { key })).json.items[0].id as string;
  const response = await test.request('POST', '/post', {
    key,
    body: {
      teamId,
      title: 'Uses media',
      postDate: new Date(Date.now() + 86_400_000).toISOString(),
      status: 'DRAFT',
      socialAccountTypes: ['MASTODON'],
      data: { MASTODON: { text: 'With media', uploadIds } },
    },
  });
  if (response.status !== 200) throw new Error(`draft post failed: ${response.status} ${response.text}`);
  return response.json.id as string;
}
