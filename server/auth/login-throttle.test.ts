import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

// Three a minute instead of ten: the same rules with fewer (deliberately slow) password checks.
const t = await createTestApp({ env: { LOGIN_LIMIT_PER_MINUTE: '3', LOGIN_LOCKOUT_SECONDS: '1' } });

let addresses = 0;
/** Each test signs in from addresses of its own (in-process requests carry the socket in env). */
const newAddress = () => `203.0.113.${++addresses}`;

async function login(email: string, password: string, options: { address: string; headers?: Record<string, string> }) {
  const response = await t.app.request(
    '/api/v1/auth/login',
    { method: 'POST', headers: { 'content-type': 'application/json', ...options.headers }, body: JSON.stringify({ email, password }) },
    { incoming: { socket: { remoteAddress: options.address, remoteFamily: 'IPv4' } } },
  );
  return { status: response.status, headers: response.headers, json: await response.json() };
}

const randomKey = () => `sk_${randomBytes(32).toString('base64url')}`;

// Every failed sign-in runs the deliberately slow password check, two at a time: allow for a busy machine.
describe('sign-in throttling', { timeout: 120_000 }, () => {
  it('answers 429 to a storm of wrong passwords, each with a made-up API key, from one address', async () => {
    const { organizationId } = await t.createOrg();
    const { email } = await t.createLogin(organizationId);
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(i % 2 ? email : `nobody-${i}@example.com`, 'wrong password', { address, headers: { 'x-api-key': randomKey() } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(57);
    const limited = results.find((r) => r.status === 429)!;
    expect(limited.json).toEqual({ statusCode: 429, message: expect.stringMatching(/Too many sign-in attempts/) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('locks an email out whatever address the guesses come from, the right password included', async () => {
    const { organizationId } = await t.createOrg();
    const { email, password } = await t.createLogin(organizationId);
    for (let i = 0; i < 3; i++) expect((await login(email, `guess ${i}`, { address: newAddress() })).status).toBe(401);
    const locked = await login(email, password, { address: newAddress() });
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/for this account/);
    expect(locked.headers.get('retry-after')).toBe('1');
  });

  it('doubles the lock-out each time, and a success gives the address its attempts back', async () => {
    const address = newAddress();
    const { organizationId } = await t.createOrg();
    const { email, password } = await t.createLogin(organizationId);
    for (let round = 0; round < 5; round++) expect((await login(email, password, { address })).status).toBe(200);

    const lockout = async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(`guess-${i}@example.com`, 'nope', { address })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    };
    await lockout();
    const first = await login('another@example.com', 'nope', { address });
    expect(first.status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await lockout();
    const second = await login('another@example.com', 'nope', { address });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBe(2);
  });

  it('refuses sign-ins at once past a short queue instead of tying up the password hashing pool', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`queue-${i}@example.com`, 'wrong', { address: newAddress() })));
    const busy = results.filter((r) => r.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.json.message).toMatch(/Too many sign-ins in progress/);
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
  });
});
