import { expect } from 'vitest';
import type { createTestApp } from '../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type ConsentChoice = {
  decision?: 'approve' | 'deny';
  /** A sandbox profile id from the page, or `new` (default) with an optional username. */
  profile?: string;
  username?: string;
  /** Permissions left ticked; all asked ones when omitted. */
  permissions?: string[];
};

/** Opens the consent page of a connect URL; returns its HTML and the permissions it asks for. */
export async function openConsent(t: TestApp, url: string) {
  const response = await t.app.request(url);
  const html = await response.text();
  const asked = [...html.matchAll(/name="permissions" value="([a-z]+)"/g)].map((match) => match[1]!);
  const profiles = [...html.matchAll(/name="profile" value="([a-z0-9]+)"/g)].map((match) => match[1]!).filter((id) => id !== 'new');
  return { status: response.status, html, asked, profiles };
}

/** Answers the consent page like a person would, and returns where the platform sends them. */
export async function answerConsent(t: TestApp, url: string, choice: ConsentChoice = {}) {
  const page = await openConsent(t, url);
  const form = new URLSearchParams({ decision: choice.decision ?? 'approve', profile: choice.profile ?? 'new' });
  if (choice.username) form.set('username', choice.username);
  for (const permission of choice.permissions ?? page.asked) form.append('permissions', permission);
  const response = await t.app.request(url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location) : null, page };
}

/** The whole browser flow: connect, consent, back at the redirect URL. */
export async function connectThroughConsent(
  t: TestApp,
  input: { key: string; teamId: string; type: string; connect?: Record<string, unknown> } & ConsentChoice,
) {
  const started = await t.request('POST', '/social-account/connect', {
    key: input.key,
    body: { teamId: input.teamId, type: input.type, redirectUrl: 'https://app.example.com/done?from=test', ...input.connect },
  });
  expect(started.status).toBe(200);
  const answered = await answerConsent(t, started.json.url, input);
  expect(answered.status).toBe(302);
  const params = Object.fromEntries(answered.location!.searchParams);
  return { url: started.json.url as string, location: answered.location!, params, page: answered.page };
}

export async function sandboxAccount(t: TestApp, key: string, body: Record<string, unknown>) {
  const response = await t.request('POST', '/sandbox/accounts', { key, body });
  expect(response.status, response.text).toBe(200);
  return response.json;
}
