import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PlatformError } from '../../platform-error';
import { LiveHttpClient } from '../live-http';
import { metaError, usageResetAt } from './meta-errors';
import { MetaGraph } from './meta-graph';
import { GRAPH_VERSION, META_APPS, startMetaStandIn } from './meta-test-kit';

/*
 * Meta's error answers read into `PlatformError`s, from the payloads its reference documents
 * (https://developers.facebook.com/docs/graph-api/guides/error-handling, the Instagram error-code
 * table, the rate-limiting guide), then the stand-in's own checks failing a call as Meta would.
 */
const NOW = Date.parse('2026-11-28T10:00:00Z');
const read = (body: unknown, headers: Record<string, string> = {}, status = 400) =>
  metaError({ status, bodyText: JSON.stringify(body), headers: new Headers(headers), platform: 'INSTAGRAM', operation: 'publishing.publish', now: NOW });
const error = (fields: Record<string, unknown>) => ({
  error: { message: 'Message describing the error', type: 'OAuthException', fbtrace_id: 'EJplcsCHuLu', ...fields },
});

describe('Meta error answers', () => {
  it('reads the documented sample (190, subcode 460) as revoked access, keeping code, subcode and fbtrace_id', () => {
    const mapped = read(error({ code: 190, error_subcode: 460, error_user_title: 'A title', error_user_msg: 'A message' }));
    expect(mapped).toBeInstanceOf(PlatformError);
    expect([mapped.code, mapped.retryability]).toEqual(['ACCESS_REVOKED', 'RECONNECT']);
    expect(mapped.meta).toMatchObject({ metaCode: 190, metaSubcode: 460, metaType: 'OAuthException', fbtraceId: 'EJplcsCHuLu' });
    expect(mapped.message).toBe('publishing.publish: Message describing the error (code 190, subcode 460)');
    expect(mapped.userFacingMessage).toContain('password');
  });

  it.each([
    [190, undefined, 'TOKEN_EXPIRED'],
    [190, 463, 'TOKEN_EXPIRED'],
    [190, 458, 'ACCESS_REVOKED'],
    [190, 467, 'ACCESS_REVOKED'],
    [102, undefined, 'TOKEN_EXPIRED'],
  ])('maps code %s subcode %s to %s: the account needs reconnecting', (code, subcode, kind) => {
    const mapped = read(error({ code, error_subcode: subcode }));
    expect([mapped.code, mapped.retryability]).toEqual([kind, 'RECONNECT']);
  });

  it.each([4, 17, 32, 613, 80001, 80002])('maps throttling code %s to a rate limit with its reset', (code) => {
    const mapped = read(error({ code, is_transient: true }), { 'x-app-usage': '{"call_count":100,"total_cputime":25,"total_time":25}' });
    expect(mapped.code).toBe('RATE_LIMITED');
    // X-App-Usage says how much, not when: the rolling hour of platform limits.
    expect(mapped.meta).toMatchObject({ resetAt: new Date(NOW + 3_600_000).toISOString(), retryAfterSeconds: 3600, appUsage: { call_count: 100 } });
  });

  it('takes the reset from X-Business-Use-Case-Usage (minutes until access comes back)', () => {
    const usage = {
      '17841400000000001': [{ type: 'instagram', call_count: 100, total_cputime: 12, total_time: 40, estimated_time_to_regain_access: 12 }],
      '104000000000001': [{ type: 'pages', call_count: 80, total_cputime: 5, total_time: 5, estimated_time_to_regain_access: 0 }],
    };
    const mapped = read(error({ code: 80002 }), { 'x-business-use-case-usage': JSON.stringify(usage) });
    expect(mapped.meta).toMatchObject({ resetAt: new Date(NOW + 12 * 60_000).toISOString(), retryAfterSeconds: 720, businessUseCaseUsage: usage });
    expect(mapped.httpStatus).toBe(400);
    expect(usageResetAt(new Headers({ 'x-business-use-case-usage': 'not json' }), NOW)).toBeNull();
  });

  it.each([10, 200, 230, 299])('maps permission code %s to a missing permission', (code) => {
    expect(read(error({ code })).code).toBe('PERMISSION_MISSING');
  });

  it('reads the documented Instagram publishing subcodes as readable media errors, before their codes', () => {
    // The reference's sample: code 36000, subcode 2207004.
    const large = read(error({ message: 'The image size is too large.', code: 36000, error_subcode: 2207004, is_transient: false }));
    expect([large.code, large.userFacingMessage]).toEqual(['INVALID_REQUEST', 'The image is too large for Instagram (at most 8 MB).']);
    expect(large.message).toContain('The image size is too large.');
    // 2207051 comes with code 4, which alone would read as a rate limit.
    expect(read(error({ code: 4, error_subcode: 2207051 })).code).toBe('PERMANENT');
    const cap = read(error({ code: 9, error_subcode: 2207042 }));
    expect([cap.code, cap.meta.resetAt]).toEqual(['RATE_LIMITED', new Date(NOW + 86_400_000).toISOString()]);
    expect(read(error({ code: -2, error_subcode: 2207003 })).code).toBe('TRANSIENT');
    expect(read(error({ code: 9007, error_subcode: 2207027 })).code).toBe('TRANSIENT');
    expect(read(error({ code: 9004, error_subcode: 2207052 })).userFacingMessage).toContain('PUBLIC_URL');
  });

  it('reads codes 1 and 2, is_transient and 5xx as transient, and the rest by status', () => {
    expect(read(error({ code: 1 })).code).toBe('TRANSIENT');
    expect(read(error({ code: 2 })).code).toBe('TRANSIENT');
    expect(read(error({ code: 3000, is_transient: true })).code).toBe('TRANSIENT');
    expect(metaError({ status: 503, bodyText: 'Service Unavailable', headers: new Headers(), platform: 'FACEBOOK', operation: 'x', now: NOW }).code).toBe(
      'TRANSIENT',
    );
    expect(read(error({ code: 100, error_subcode: 33 })).code).toBe('NOT_FOUND');
    expect(read(error({ code: 100 })).code).toBe('INVALID_REQUEST');
    // Instagram Login's token endpoint answers in its older shape.
    const refused = read({ error_type: 'OAuthException', code: 400, error_message: 'Matching code was not found or was already used' });
    expect([refused.code, refused.message]).toEqual(['INVALID_REQUEST', 'publishing.publish: Matching code was not found or was already used']);
  });
});

const standIn = await startMetaStandIn({ publicUrl: 'https://desk.example' });
afterAll(() => standIn.close());

describe('the stand-in refuses what Meta refuses', () => {
  beforeEach(() => standIn.reset());
  const http = new LiveHttpClient({ timeoutMs: 2_000, retries: 0, concurrencyPerAccount: 2 });
  const graph = (options: { secret?: string; version?: string } = {}) =>
    new MetaGraph({
      http,
      platform: 'FACEBOOK',
      baseUrl: standIn.env.FACEBOOK_GRAPH_URL,
      version: options.version ?? GRAPH_VERSION,
      appSecret: options.secret ?? META_APPS.facebook.secret,
    });
  const userToken = () =>
    standIn.world.issueToken({ product: 'facebook', kind: 'long', subject: standIn.world.person.id, scopes: ['pages_show_list'], pages: [] }).value;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (thrown: unknown) => thrown as PlatformError,
    );

  it('answers a call that carries the token and its appsecret_proof', async () => {
    await expect(graph().call({ operation: 'profile.fetch', path: '/me', token: userToken(), query: { fields: 'id,name' } })).resolves.toEqual({
      id: standIn.world.person.id,
      name: 'Ada Lovelace',
    });
  });

  it('refuses a forged appsecret_proof, and a call without one', async () => {
    const forged = await failure(graph({ secret: 'not-the-app-secret' }).call({ operation: 'profile.fetch', path: '/me', token: userToken() }));
    expect(forged?.message).toContain('Invalid appsecret_proof provided in the API argument');
    expect(forged?.meta).toMatchObject({ metaCode: 100, fbtraceId: expect.any(String) });
    const bare = await fetch(`${standIn.env.FACEBOOK_GRAPH_URL}/${GRAPH_VERSION}/me?access_token=${userToken()}`);
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: 100,
      message: 'API calls from the server require an appsecret_proof argument',
    });
  });

  it('refuses another version than the pinned one, and tokens it did not issue or revoked', async () => {
    const versioned = await failure(graph({ version: 'v19.0' }).call({ operation: 'profile.fetch', path: '/me', token: userToken() }));
    expect(versioned?.meta.metaCode).toBe(2500);
    const unknown = await failure(graph().call({ operation: 'profile.fetch', path: '/me', token: 'EAABnotissued' }));
    expect([unknown?.code, unknown?.meta.metaCode]).toEqual(['TOKEN_EXPIRED', 190]);
    const token = userToken();
    standIn.world.revoke('facebook', 458);
    const revoked = await failure(graph().call({ operation: 'profile.fetch', path: '/me', token }));
    expect([revoked?.code, revoked?.meta.metaSubcode]).toEqual(['ACCESS_REVOKED', 458]);
  });

  it('answers a throttled call with the error and usage headers a test arms', async () => {
    standIn.world.failNext('facebook', {
      status: 400,
      body: { error: { message: '(#32) Page request limit reached', type: 'OAuthException', code: 32, fbtrace_id: 'Athrottle' } },
      headers: { 'x-business-use-case-usage': JSON.stringify({ '104000000000001': [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: 7 }] }) },
    });
    const before = Date.now();
    const limited = await failure(graph().call({ operation: 'profile.listChannels', path: '/me/accounts', token: userToken() }));
    expect(limited?.code).toBe('RATE_LIMITED');
    expect(Date.parse(String(limited?.meta.resetAt)) - before).toBeGreaterThanOrEqual(7 * 60_000 - 1_000);
    // The fault answered once; the next call is served again.
    await expect(graph().call({ operation: 'profile.listChannels', path: '/me/accounts', token: userToken() })).resolves.toMatchObject({ data: [] });
  });
});
