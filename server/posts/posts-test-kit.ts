import type { createTestApp } from '../test/test-app';
import { testMedia, type TestMediaName } from '../test/test-media';
import { uploadForm } from '../uploads/uploads-test-kit';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A sandbox account connected to the team through the public sandbox route. */
export async function connectAccount(t: TestApp, key: string, teamId: string, type: string, extra: Record<string, unknown> = {}) {
  const response = await t.request('POST', '/sandbox/accounts', { key, body: { teamId, type, ...extra } });
  if (response.status !== 200) throw new Error(`connect ${type} failed: ${response.status} ${response.text}`);
  return response.json as { id: string; type: string; username: string; externalId: string };
}

export async function uploadMedia(t: TestApp, key: string, name: TestMediaName, teamId?: string) {
  const response = await uploadForm(t, key, { bytes: await testMedia(name), name }, { teamId });
  if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.json)}`);
  return response.json as { id: string; type: string; width: number | null; height: number | null; videoLength: number | null };
}

export function inDays(days: number, hourUtc = 12): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
}
