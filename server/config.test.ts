import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('applies defaults and reads overrides', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-config-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '8080', ROLE: 'worker', SANDBOX: 'false', PORT_UNUSED: '' });
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', ROLE: 'worker', SANDBOX: false, RATE_LIMIT_BURST: 100 });
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
  });

  it('generates SECRET_KEY into DATA_DIR once and reuses it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secret.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secretKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(first.secretKey);
    expect(loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32) }).secretKey).toBe('x'.repeat(32));
  });

  it('stops with a readable list of every bad value', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: 'memory://', PORT: 'eighty', ROLE: 'boss', DATABASE_URL: 'mysql://x', SECRET_KEY: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'ROLE', 'DATABASE_URL', 'SECRET_KEY']) expect(message).toContain(`  ${name}:`);
  });

  it('asks for PUBLIC_URL when split roles run on Postgres, and for a bucket with STORAGE=s3', () => {
    const base = { DATA_DIR: 'memory://', SECRET_KEY: 'x'.repeat(32), DATABASE_URL: 'postgres://db/socialdesk' };
    for (const ROLE of ['api', 'worker']) {
      expect(() => loadConfig({ ...base, ROLE })).toThrow(/PUBLIC_URL: required when ROLE=/);
      expect(loadConfig({ ...base, ROLE, PUBLIC_URL: 'https://social.example.com/' }).publicUrl).toBe('https://social.example.com');
    }
    // One process on Postgres, or split roles on the embedded database, can still guess it.
    expect(loadConfig({ ...base, ROLE: 'all' }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'only-one' })).toThrow(/set both/);
    expect(() => loadConfig({ ...base, S3_PREFIX: 'no-slash' })).toThrow(/S3_PREFIX/);
    expect(loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'media' })).toMatchObject({
      S3_DIRECT_UPLOADS: true,
      S3_MEDIA_REDIRECT: true,
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it('asks for the credentials of the live platforms the operator enables', () => {
    const base = { DATA_DIR: 'memory://', SECRET_KEY: 'x'.repeat(32) };
    expect(() => loadConfig({ ...base, LIVE_PLATFORMS: 'DISCORD', DISCORD_CLIENT_ID: '1' })).toThrow(
      /DISCORD_CLIENT_SECRET, DISCORD_BOT_TOKEN: required when LIVE_PLATFORMS includes DISCORD/,
    );
    expect(() => loadConfig({ ...base, LIVE_PLATFORMS: 'slack' })).toThrow(/SLACK_CLIENT_ID, SLACK_CLIENT_SECRET: required/);
    // Mastodon registers its app on each server: nothing to configure.
    expect(
      loadConfig({ ...base, LIVE_PLATFORMS: 'MASTODON,DISCORD', DISCORD_CLIENT_ID: '1', DISCORD_CLIENT_SECRET: 's', DISCORD_BOT_TOKEN: 'b' }).LIVE_PLATFORMS,
    ).toEqual(['MASTODON', 'DISCORD']);
  });

  it('reaches Discord and Slack at their real addresses unless the operator points them elsewhere', () => {
    const base = { DATA_DIR: 'memory://', SECRET_KEY: 'x'.repeat(32) };
    expect(loadConfig(base)).toMatchObject({
      DISCORD_API_URL: 'https://discord.com/api/v10',
      DISCORD_AUTHORIZE_URL: 'https://discord.com/oauth2/authorize',
      SLACK_API_URL: 'https://slack.com/api',
      SLACK_AUTHORIZE_URL: 'https://slack.com/oauth/v2/authorize',
    });
    expect(loadConfig({ ...base, SLACK_API_URL: 'https://slack-proxy.internal/api' }).SLACK_API_URL).toBe('https://slack-proxy.internal/api');
    expect(() => loadConfig({ ...base, DISCORD_API_URL: 'discord.com/api' })).toThrow(/DISCORD_API_URL/);
    expect(() => loadConfig({ ...base, SLACK_AUTHORIZE_URL: 'javascript:alert(1)' })).toThrow(/SLACK_AUTHORIZE_URL: must be an http\(s\) URL/);
  });

  it('asks for the Meta apps of live Facebook, Instagram and Threads, and reaches Meta at its real hosts with a pinned Graph version', () => {
    const base = { DATA_DIR: 'memory://', SECRET_KEY: 'x'.repeat(32) };
    expect(() => loadConfig({ ...base, LIVE_PLATFORMS: 'FACEBOOK' })).toThrow(/META_APP_ID, META_APP_SECRET: required when LIVE_PLATFORMS includes FACEBOOK/);
    // Instagram offers both ways of connecting: Facebook Login (the Meta app) and Instagram Login (its Instagram app).
    expect(() => loadConfig({ ...base, LIVE_PLATFORMS: 'INSTAGRAM', META_APP_ID: '1', META_APP_SECRET: 's' })).toThrow(
      /INSTAGRAM_APP_ID, INSTAGRAM_APP_SECRET: required when LIVE_PLATFORMS includes INSTAGRAM/,
    );
    expect(() => loadConfig({ ...base, LIVE_PLATFORMS: 'THREADS', THREADS_APP_ID: '1' })).toThrow(
      /THREADS_APP_SECRET: required when LIVE_PLATFORMS includes THREADS/,
    );
    expect(loadConfig(base)).toMatchObject({
      META_GRAPH_VERSION: 'v26.0',
      THREADS_API_VERSION: 'v1.0',
      FACEBOOK_GRAPH_URL: 'https://graph.facebook.com',
      FACEBOOK_DIALOG_URL: 'https://www.facebook.com',
      INSTAGRAM_AUTHORIZE_URL: 'https://www.instagram.com',
      INSTAGRAM_TOKEN_URL: 'https://api.instagram.com',
      INSTAGRAM_GRAPH_URL: 'https://graph.instagram.com',
      THREADS_AUTHORIZE_URL: 'https://threads.net',
      THREADS_GRAPH_URL: 'https://graph.threads.net',
    });
    expect(() => loadConfig({ ...base, META_GRAPH_VERSION: '26' })).toThrow(/META_GRAPH_VERSION: must be a Graph API version/);
    expect(() => loadConfig({ ...base, INSTAGRAM_GRAPH_URL: 'file:///etc/passwd' })).toThrow(/INSTAGRAM_GRAPH_URL/);
  });
});
