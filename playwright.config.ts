import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { metaStandInEnv } from './server/platforms/live/meta/meta-test-kit';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;
// A real Bluesky PDS on the next port: the live Bluesky journey connects and publishes there.
export const PDS_PORT = PORT + 1;
/** The PDS's PLC directory: OAuth resolves the person's DID document there. */
export const PLC_PORT = PORT + 2;
/** The Meta Graph API stand-in's control port (a person writes a DM; what the app sent), and its hosts from the next port on. */
export const META_CONTROL_PORT = PORT + 10;
const META_FIRST_PORT = PORT + 11;

// The config is loaded by the runner and again by each worker: the runner creates the data
// directory and the workers inherit it through the environment, so the fixtures' operator commands
// reach the same embedded database as the server.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'socialdesk-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

// Debian's Chromium when installed (Playwright's browser download does not work everywhere).
const systemChromium = '/usr/bin/chromium';
const launchOptions = existsSync(systemChromium)
  ? {
      executablePath: systemChromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    }
  : {};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: [
    {
      command: 'node --import tsx e2e/pds/start-pds.ts',
      url: `http://localhost:${PDS_PORT}/xrpc/_health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: { PDS_PORT: String(PDS_PORT), PLC_PORT: String(PLC_PORT) },
    },
    {
      command: 'node --import tsx e2e/meta/start-meta-stand-in.ts',
      url: `http://127.0.0.1:${META_CONTROL_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { APP_URL: baseURL, META_FIRST_PORT: String(META_FIRST_PORT), META_CONTROL_PORT: String(META_CONTROL_PORT) },
    },
    {
      command: 'node --import tsx server/scripts/ensure-web-build.ts && node --import tsx server/main.ts',
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      env: {
        HOST: '127.0.0.1',
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // The webhooks journey delivers to a receiver the test starts on 127.0.0.1 over plain HTTP.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // Bluesky is offered live (on the PDS above) beside the sandbox's Bluesky, and Instagram
        // live on the Meta stand-in, whose webhooks reach this server (no polling then).
        LIVE_PLATFORMS: 'BLUESKY,INSTAGRAM',
        ...metaStandInEnv((_, index) => `http://127.0.0.1:${META_FIRST_PORT + index}`),
        META_WEBHOOK_VERIFY_TOKEN: 'e2e-verify-token',
        BLUESKY_SERVICE_URL: `http://localhost:${PDS_PORT}`,
        BLUESKY_PLC_URL: `http://localhost:${PLC_PORT}`,
      },
    },
  ],
});
