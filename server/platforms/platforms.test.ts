import { describe, expect, it } from 'vitest';
import { accountTypesSupporting, accountTypesWithChannels, PLATFORMS } from './registry';
import { PlatformError } from './platform-error';
import { POST_PLATFORMS, SOCIAL_ACCOUNT_TYPES } from './platform-types';

describe('platform registry', () => {
  it('knows all 15 platforms; Snapchat is a post target only', () => {
    expect(Object.keys(PLATFORMS).sort()).toEqual([...POST_PLATFORMS].sort());
    expect(SOCIAL_ACCOUNT_TYPES.every((type) => PLATFORMS[type].connectable)).toBe(true);
    expect(PLATFORMS.SNAPCHAT.connectable).toBe(false);
  });

  it('declares what each platform supports', () => {
    expect(accountTypesSupporting('messaging')).toEqual(['INSTAGRAM', 'FACEBOOK']);
    expect(accountTypesSupporting('reviews')).toEqual(['FACEBOOK', 'GOOGLE_BUSINESS']);
    expect(accountTypesWithChannels(['required', 'optional'])).toEqual(['YOUTUBE', 'INSTAGRAM', 'FACEBOOK', 'LINKEDIN', 'GOOGLE_BUSINESS']);
    expect(accountTypesWithChannels(['per-post'])).toEqual(['PINTEREST', 'REDDIT', 'DISCORD', 'SLACK']);
    expect(accountTypesSupporting('historyImport')).toEqual([
      'TIKTOK',
      'YOUTUBE',
      'INSTAGRAM',
      'FACEBOOK',
      'TWITTER',
      'THREADS',
      'LINKEDIN',
      'PINTEREST',
      'REDDIT',
      'MASTODON',
      'BLUESKY',
    ]);
    expect(PLATFORMS.INSTAGRAM.requiredPermissions).toEqual(['publish']);
  });
});

describe('PlatformError', () => {
  it('carries the normalized fields and maps to 429 or 502', () => {
    const limited = new PlatformError({
      code: 'RATE_LIMITED',
      message: 'slow down',
      httpStatus: 429,
      meta: { platform: 'TIKTOK', operation: 'profile.fetch', retryAfterSeconds: 30 },
    });
    expect(limited.toJSON()).toMatchObject({
      code: 'RATE_LIMITED',
      isTransient: true,
      retryability: 'RETRY_AFTER_RESET',
      httpStatus: 429,
      meta: { retryAfterSeconds: 30 },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers).toEqual({ 'Retry-After': '30' });
    const revoked = new PlatformError({ code: 'ACCESS_REVOKED', message: 'gone', httpStatus: 401, meta: { platform: 'TIKTOK', operation: 'profile.fetch' } });
    expect(revoked).toMatchObject({ statusCode: 502, isTransient: false, retryability: 'RECONNECT' });
    expect(revoked.userFacingMessage).toMatch(/reconnect/);
  });
});
