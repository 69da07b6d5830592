import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SOCIAL_ACCOUNT_TYPES } from './platforms/platform-types';
import { ensurePrivateDir } from './private-dir';
import { isDiskFull } from './storage/disk-full';

const booleanFromEnv = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(defaultValue ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = (defaultValue: number) => z.coerce.number().int().positive().default(defaultValue);

/** The address of a platform's API or consent page: an http(s) URL, never `file:` or `javascript:`. */
const platformUrl = (defaultValue: string) =>
  z
    .string()
    .url()
    .regex(/^https?:\/\//i, 'must be an http(s) URL')
    .default(defaultValue);

/** A platform API version such as `v26.0`, pinned by default. */
const apiVersion = (api: string, defaultValue: string) =>
  z
    .string()
    .regex(/^v\d+\.\d+$/, `must be a ${api} version such as ${defaultValue}`)
    .default(defaultValue);

/** Every environment variable the product reads, with its default. docs/configuration.md's table mirrors this. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Disk space (MB) kept free in DATA_DIR and STORAGE_DIR: with less, start-up stops with a
   * one-line explanation and uploads that would eat into it are refused (507), so the embedded
   * database always has room for its write-ahead log. 0 turns both checks off.
   */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(64),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt(10),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  SANDBOX: booleanFromEnv(true),
  /**
   * Platforms connected to their real API (decision 059), comma-separated platform types such as
   * `BLUESKY`. New connections of these platforms are live; with SANDBOX=false only they are offered.
   */
  LIVE_PLATFORMS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim().toUpperCase())
        .filter(Boolean),
    ),
  /** The Bluesky server (PDS or entryway) live Bluesky accounts log in at; any AT Protocol PDS works. */
  BLUESKY_SERVICE_URL: z.string().url().default('https://bsky.social'),
  /**
   * The Bluesky web app posts' permalinks open (`/profile/<did>/post/<rkey>`): bsky.app, or the app
   * view client of a self-hosted network whose posts bsky.app does not show (decision 086).
   */
  BLUESKY_APPVIEW_URL: z
    .string()
    .url()
    .default('https://bsky.app')
    .transform((value) => value.replace(/\/+$/, '')),
  /**
   * Bluesky OAuth (decision 065): `on` offers "log in on your server" where the account's server
   * supports it (the app password stays available); `off` keeps app passwords only.
   */
  BLUESKY_OAUTH: z.enum(['on', 'off']).default('on'),
  /** The PLC directory that resolves `did:plc` identities (handle → DID → PDS) for OAuth. */
  BLUESKY_PLC_URL: z.string().url().default('https://plc.directory'),
  /**
   * A private signing key (ES256 JWK with a `kid`, as JSON) that makes SocialDesk a confidential
   * OAuth client on an https PUBLIC_URL: longer sessions, and its public half is served as our JWKS.
   */
  BLUESKY_OAUTH_PRIVATE_KEY: z
    .string()
    .refine((value) => {
      try {
        const jwk = JSON.parse(value) as { kty?: unknown; d?: unknown; kid?: unknown };
        return jwk.kty === 'EC' && typeof jwk.d === 'string' && typeof jwk.kid === 'string';
      } catch {
        return false;
      }
    }, 'must be a private EC JWK (P-256) with a "kid", as JSON')
    .optional(),
  /** Timeout of one call to a live platform. */
  LIVE_HTTP_TIMEOUT_SECONDS: positiveInt(30),
  /** The app name Mastodon servers show on their consent page and under posts (decision 060). */
  MASTODON_APP_NAME: z.string().min(1).max(60).default('SocialDesk'),
  /** Discord: the application's OAuth client, and its bot's token (the bot posts through channel webhooks). */
  DISCORD_CLIENT_ID: z.string().min(1).optional(),
  DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
  DISCORD_BOT_TOKEN: z.string().min(1).optional(),
  /**
   * Where Discord's REST API (and its token endpoint, `/oauth2/token`) and its consent page are:
   * the real ones unless a proxy or a compatible API stands in (tests point them at a local receiver).
   */
  DISCORD_API_URL: platformUrl('https://discord.com/api/v10'),
  DISCORD_AUTHORIZE_URL: platformUrl('https://discord.com/oauth2/authorize'),
  /** Slack: the app's OAuth client (its bot token is issued per workspace at install). */
  SLACK_CLIENT_ID: z.string().min(1).optional(),
  SLACK_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where Slack's Web API (and `oauth.v2.access`) and its consent page are, as for Discord above. */
  SLACK_API_URL: platformUrl('https://slack.com/api'),
  SLACK_AUTHORIZE_URL: platformUrl('https://slack.com/oauth/v2/authorize'),
  /** YouTube (decision 091): the Google Cloud OAuth client (offline access: refresh tokens are kept). */
  YOUTUBE_CLIENT_ID: z.string().min(1).optional(),
  YOUTUBE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where the Data API v3, its upload host, Google's consent page and token endpoint are: settings, as for Discord. */
  YOUTUBE_API_URL: platformUrl('https://www.googleapis.com/youtube/v3'),
  YOUTUBE_UPLOAD_URL: platformUrl('https://www.googleapis.com/upload/youtube/v3'),
  YOUTUBE_AUTHORIZE_URL: platformUrl('https://accounts.google.com/o/oauth2/v2/auth'),
  YOUTUBE_TOKEN_URL: platformUrl('https://oauth2.googleapis.com/token'),
  /** Bytes per resumable-upload request: a multiple of 256 KiB, as YouTube requires of every chunk but the last. */
  YOUTUBE_UPLOAD_CHUNK_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .refine((value) => value % (256 * 1024) === 0, 'must be a multiple of 262144 (256 KiB)')
    .default(8 * 1024 * 1024),
  /** How long one publish attempt waits for YouTube's processing before letting the worker go (it resumes later). */
  YOUTUBE_PROCESSING_WAIT_SECONDS: z.coerce.number().int().min(0).default(20),
  /**
   * Meta (decision 072). Facebook Login for Business: the Meta app's id and secret connect Facebook
   * Pages and Instagram accounts linked to a Page (`instagramConnectionMethod: FACEBOOK`).
   */
  META_APP_ID: z.string().min(1).optional(),
  META_APP_SECRET: z.string().min(1).optional(),
  /** The Graph API version every Facebook and Instagram Graph call and the login dialog use: pinned, changed here only. */
  META_GRAPH_VERSION: apiVersion('Graph API', 'v26.0'),
  /**
   * Meta webhooks (decision 075): the token the App Dashboard's webhook setup sends back in its
   * `hub.verify_token` handshake at `<PUBLIC_URL>/webhooks/meta`. Set: Meta pushes activity there.
   * Unset: the service has no public webhook and polls live Meta accounts for comments and DMs.
   */
  META_WEBHOOK_VERIFY_TOKEN: z.string().min(8).optional(),
  /** Instagram API with Instagram Login: the Meta app's separate Instagram app id and secret (`instagramConnectionMethod: INSTAGRAM`). */
  INSTAGRAM_APP_ID: z.string().min(1).optional(),
  INSTAGRAM_APP_SECRET: z.string().min(1).optional(),
  /** Threads: the Threads app id and secret Meta issues with the Threads use case. */
  THREADS_APP_ID: z.string().min(1).optional(),
  THREADS_APP_SECRET: z.string().min(1).optional(),
  /** The Threads API's own version (Threads is versioned apart from the Graph API). */
  THREADS_API_VERSION: apiVersion('Threads API', 'v1.0'),
  /**
   * Every Meta host the connectors call or send people to, as Discord's and Slack's: the real ones
   * unless a proxy or a Graph-compatible stand-in is used (the tests point them at local servers).
   */
  FACEBOOK_GRAPH_URL: platformUrl('https://graph.facebook.com'),
  FACEBOOK_DIALOG_URL: platformUrl('https://www.facebook.com'),
  INSTAGRAM_AUTHORIZE_URL: platformUrl('https://www.instagram.com'),
  INSTAGRAM_TOKEN_URL: platformUrl('https://api.instagram.com'),
  INSTAGRAM_GRAPH_URL: platformUrl('https://graph.instagram.com'),
  THREADS_AUTHORIZE_URL: platformUrl('https://threads.net'),
  THREADS_GRAPH_URL: platformUrl('https://graph.threads.net'),
  /** Facebook's resumable upload host: Page reels and video stories send their video there (`file_url`), decision 074. */
  FACEBOOK_RUPLOAD_URL: platformUrl('https://rupload.facebook.com'),
  /**
   * How long one publish attempt waits for a Meta container (or a Page video) to finish processing
   * before it lets the worker go; the post is tried again later and goes on with the same container.
   */
  META_CONTAINER_WAIT_SECONDS: z.coerce.number().min(0).max(120).default(10),
  /**
   * The Meta app was granted Human Agent (Messenger's `human_agent` feature; Instagram's human
   * agent with `instagram_manage_messages`): a person's reply from the inbox between 24 hours and
   * 7 days after the participant's last message goes with the HUMAN_AGENT tag (decision 079).
   */
  META_HUMAN_AGENT: booleanFromEnv(false),
  /** Google Business Profile (decision 093): the Google Cloud OAuth client (offline access: refresh tokens are kept). */
  GOOGLE_BUSINESS_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_BUSINESS_CLIENT_SECRET: z.string().min(1).optional(),
  /** Every Google host the connector calls or redirects to, as for Discord: consent page, token, userinfo and each Business Profile API. */
  GOOGLE_BUSINESS_AUTHORIZE_URL: platformUrl('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_BUSINESS_TOKEN_URL: platformUrl('https://oauth2.googleapis.com/token'),
  GOOGLE_BUSINESS_USERINFO_URL: platformUrl('https://openidconnect.googleapis.com/v1/userinfo'),
  GOOGLE_BUSINESS_ACCOUNTS_URL: platformUrl('https://mybusinessaccountmanagement.googleapis.com/v1'),
  GOOGLE_BUSINESS_INFORMATION_URL: platformUrl('https://mybusinessbusinessinformation.googleapis.com/v1'),
  GOOGLE_BUSINESS_V4_URL: platformUrl('https://mybusiness.googleapis.com/v4'),
  GOOGLE_BUSINESS_PLACE_ACTIONS_URL: platformUrl('https://mybusinessplaceactions.googleapis.com/v1'),
  GOOGLE_BUSINESS_NOTIFICATIONS_URL: platformUrl('https://mybusinessnotifications.googleapis.com/v1'),
  GOOGLE_BUSINESS_PERFORMANCE_URL: platformUrl('https://businessprofileperformance.googleapis.com/v1'),
  /**
   * Review notifications (Pub/Sub, decision 093): the topic Google publishes to
   * (`projects/<project>/topics/<topic>`), and how our push endpoint `/webhooks/google-business`
   * knows the push is Google's: the OIDC audience (and service account) of the push subscription,
   * or a shared token in the push URL (`?token=`). Unset: reviews arrive by the hourly sync only.
   */
  GOOGLE_BUSINESS_PUBSUB_TOPIC: z
    .string()
    .regex(/^projects\/[^/]+\/topics\/[^/]+$/, 'projects/<project>/topics/<topic>')
    .optional(),
  GOOGLE_BUSINESS_PUSH_AUDIENCE: z.string().min(1).optional(),
  GOOGLE_BUSINESS_PUSH_SERVICE_ACCOUNT: z.string().email().optional(),
  GOOGLE_BUSINESS_PUSH_TOKEN: z.string().min(16).optional(),
  /** Google's public keys that sign Pub/Sub push tokens. */
  GOOGLE_OIDC_CERTS_URL: platformUrl('https://www.googleapis.com/oauth2/v3/certs'),
  /** TikTok (decision 092): the Login Kit client key and secret of the TikTok for Developers app. */
  TIKTOK_CLIENT_KEY: z.string().min(1).optional(),
  TIKTOK_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Every TikTok host, as Discord's and Slack's: the Open API (token, user info, Content Posting,
   * video list/query), Login Kit's consent page, the host chunks are sent to (TikTok names an upload
   * URL per upload; set, its origin is replaced) and the API for Business (Commercial Music Library).
   */
  TIKTOK_API_URL: platformUrl('https://open.tiktokapis.com'),
  TIKTOK_AUTHORIZE_URL: platformUrl('https://www.tiktok.com/v2/auth/authorize/'),
  TIKTOK_UPLOAD_URL: z.string().url().optional(),
  TIKTOK_BUSINESS_API_URL: platformUrl('https://business-api.tiktok.com'),
  /** The TikTok app passed TikTok's audit; until then TikTok keeps every post private (SELF_ONLY), which the composer says. */
  TIKTOK_APP_AUDITED: booleanFromEnv(false),
  /** Bytes per video chunk sent to TikTok: 5 MB to 64 MB, TikTok's rule (the last chunk takes the rest). */
  TIKTOK_UPLOAD_CHUNK_BYTES: z.coerce
    .number()
    .int()
    .min(5 * 1024 * 1024)
    .max(64 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** How long one publish attempt polls TikTok's status/fetch before letting the worker go (it goes on later). */
  TIKTOK_STATUS_WAIT_SECONDS: z.coerce.number().min(0).max(120).default(20),
  SEED_DEMO: booleanFromEnv(true),
  RATE_LIMIT_STORE: z.enum(['memory', 'postgres']).default('memory'),
  RATE_LIMIT_BURST: positiveInt(100),
  RATE_LIMIT_SHORT: positiveInt(500),
  RATE_LIMIT_MINUTE: positiveInt(2000),
  LOGIN_LIMIT_PER_MINUTE: positiveInt(10),
  LOGIN_LOCKOUT_SECONDS: positiveInt(60),
  SESSION_TTL_HOURS: positiveInt(24 * 14),
  WORKER_CONCURRENCY: positiveInt(4),
  /** Automation runs without a delay a worker starts itself right after recording them (decision 057). */
  AUTOMATION_INLINE_CONCURRENCY: positiveInt(16),
  /**
   * Operator switch: automation runs are not started while set; matching events and test runs are
   * recorded SKIPPED with AUTOMATION_EXECUTION_DISABLED (the spec's "briefly paused on the service side").
   */
  AUTOMATION_EXECUTION_PAUSED: booleanFromEnv(false),
  /** The spec's 60-second limit on one automation run; lower only in tests (decision 057). */
  AUTOMATION_RUN_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  /** First wait before publishing again after a transient platform failure; doubles per attempt. */
  PUBLISH_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  /** How long after publishing a post gets its first analytics snapshot (the background refresh keeps its own pace after). */
  ANALYTICS_FIRST_POST_SNAPSHOT_SECONDS: z.coerce.number().min(0).default(300),
  IMPORT_RETRY_BASE_SECONDS: z.coerce.number().positive().default(1),
  /** How long a publish job holds a post; after a crash another worker takes over once it runs out. */
  PUBLISH_CLAIM_SECONDS: positiveInt(300),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  // Webhooks, uploads from a URL, Mastodon servers: private/loopback targets (and plain HTTP) only for local development and tests.
  WEBHOOK_ALLOW_PRIVATE: booleanFromEnv(false),
  /** Operator switch: DM sends, reactions and private replies answer 503 while set (inbound keeps flowing). */
  MESSAGING_SENDING_PAUSED: booleanFromEnv(false),
  /**
   * A DM send still PENDING this long after it was recorded was interrupted (the process died
   * between recording it and recording the platform's answer): the reconciler asks the platform.
   * Longer than any platform call may take (sandbox delays stop at 30 s).
   */
  MESSAGE_RECONCILE_AFTER_SECONDS: positiveInt(300),
  WEBHOOK_TIMEOUT_SECONDS: positiveInt(15),
  /** Seconds to wait before each retry; the default spreads ten attempts over about three days. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, 'must be comma-separated seconds, such as 5,60,300')
    .default('5,60,300,1800,7200,21600,43200,86400,86400')
    .transform((value) => value.split(',').map((part) => Number(part.trim()))),
  WEBHOOK_RETENTION_DAYS: positiveInt(30),
  // Uploads: byte limits per kind (overridable so tests need not write a gigabyte).
  UPLOAD_MAX_IMAGE_BYTES: positiveInt(25 * 1024 * 1024),
  UPLOAD_MAX_VIDEO_BYTES: positiveInt(1024 * 1024 * 1024),
  /** Bodies above this go through the three-step init / PUT / finalize flow. */
  UPLOAD_MAX_SIMPLE_BYTES: positiveInt(90 * 1024 * 1024),
  UPLOAD_PUT_URL_TTL_SECONDS: positiveInt(3600),
  /** Part size of `/upload/multipart/*` (64 MiB, as the hosted service; S3 refuses parts under 5 MiB but the last). */
  UPLOAD_MULTIPART_PART_BYTES: positiveInt(64 * 1024 * 1024),
  /** Unfinished three-step uploads one organization may have open at once (each reserves its bytes). */
  UPLOAD_MAX_OPEN_SESSIONS: positiveInt(20),
  /** Bytes the open three-step uploads of one organization may reserve together. */
  UPLOAD_MAX_OPEN_BYTES: positiveInt(5 * 1024 * 1024 * 1024),
  UPLOAD_FETCH_TIMEOUT_SECONDS: positiveInt(60),
  /** Larger pictures are refused before decoding: a small PNG can declare 16k×16k pixels (1 GB decoded). */
  UPLOAD_MAX_IMAGE_PIXELS: positiveInt(100_000_000),
  /** MP4 indexes (`moov`) up to this size are parsed in process; larger ones are read by ffprobe in a child process. */
  UPLOAD_MP4_MAX_INDEX_BYTES: positiveInt(16 * 1024 * 1024),
  // Security limits (docs/security.md).
  /** Largest request body of any route but the upload routes (which use the upload limits). */
  BODY_MAX_BYTES: positiveInt(1024 * 1024),
  /** Dashboard sessions also end after this long without a request. */
  SESSION_IDLE_HOURS: positiveInt(24),
  /** Open live event streams per API key or dashboard session, and per organization. */
  LIVE_STREAMS_PER_CREDENTIAL: positiveInt(10),
  LIVE_STREAMS_PER_ORGANIZATION: positiveInt(100),
  /** Sandbox faults an organization may have armed at once. */
  SANDBOX_FAULTS_PER_ORGANIZATION: positiveInt(50),
  // Upload storage (docs/decisions/055-shared-upload-storage.md): one machine's disk, a volume
  // several instances mount, or an S3-compatible bucket.
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** Local storage directory; point several instances at one mounted volume to share uploads. */
  STORAGE_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** For S3-compatible stores (MinIO, R2, B2); unset for AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `bucket.host/key` addressing is AWS's default; MinIO and most self-hosted stores need path style. */
  S3_FORCE_PATH_STYLE: booleanFromEnv(false),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or end with a slash, such as socialdesk/')
    .default(''),
  /** Three-step uploads PUT straight to the bucket through a presigned URL. */
  S3_DIRECT_UPLOADS: booleanFromEnv(true),
  /** `/media/...` answers with a redirect to a presigned GET; off, the bytes pass through this service. */
  S3_MEDIA_REDIRECT: booleanFromEnv(true),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  /** Absolute data directory, or `memory://` for an in-memory embedded database. */
  dataDir: string;
  secretKey: string;
  publicUrl: string;
};

export class ConfigError extends Error {}

/** Reads the environment once at boot; a bad value stops the process with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const problems = crossFieldProblems(values);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  const dataDir = values.DATA_DIR === 'memory://' ? 'memory://' : path.resolve(values.DATA_DIR);
  const secretKey = values.SECRET_KEY ?? readOrCreateSecretKey(dataDir);
  const shownHost = values.HOST === '0.0.0.0' || values.HOST === '::' ? '127.0.0.1' : values.HOST;
  const publicUrl = (values.PUBLIC_URL ?? `http://${shownHost}:${values.PORT}`).replace(/\/$/, '');
  return { ...values, dataDir, secretKey, publicUrl };
}

/**
 * Rules between variables. Split roles on Postgres mean several processes, usually on several
 * hosts: every URL the service writes (media links, upload URLs, links sent to platforms) must be
 * the address users reach, not a guess from one process's own host and port.
 */
function crossFieldProblems(values: Env): string[] {
  const problems: string[] = [];
  if (values.DATABASE_URL && values.ROLE !== 'all' && !values.PUBLIC_URL) {
    problems.push(`PUBLIC_URL: required when ROLE=${values.ROLE} runs on Postgres (the address users and platforms reach, such as https://social.example.com)`);
  }
  if (values.STORAGE === 's3' && !values.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3');
  if (values.STORAGE === 's3' && !values.S3_ACCESS_KEY_ID !== !values.S3_SECRET_ACCESS_KEY) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the default credential chain');
  }
  const unknownPlatforms = values.LIVE_PLATFORMS.filter((type) => !(SOCIAL_ACCOUNT_TYPES as readonly string[]).includes(type));
  if (unknownPlatforms.length > 0) problems.push(`LIVE_PLATFORMS: unknown platform ${unknownPlatforms.join(', ')} (one of ${SOCIAL_ACCOUNT_TYPES.join(', ')})`);
  const needs: Partial<Record<string, (keyof Env)[]>> = {
    DISCORD: ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DISCORD_BOT_TOKEN'],
    SLACK: ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET'],
    YOUTUBE: ['YOUTUBE_CLIENT_ID', 'YOUTUBE_CLIENT_SECRET'],
    FACEBOOK: ['META_APP_ID', 'META_APP_SECRET'],
    // Both ways of connecting Instagram are offered (Facebook Login and Instagram Login): both apps are needed.
    INSTAGRAM: ['META_APP_ID', 'META_APP_SECRET', 'INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'],
    THREADS: ['THREADS_APP_ID', 'THREADS_APP_SECRET'],
    TIKTOK: ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
    GOOGLE_BUSINESS: ['GOOGLE_BUSINESS_CLIENT_ID', 'GOOGLE_BUSINESS_CLIENT_SECRET'],
  };
  for (const platform of values.LIVE_PLATFORMS) {
    const missing = (needs[platform] ?? []).filter((name) => !values[name]);
    if (missing.length > 0) problems.push(`${missing.join(', ')}: required when LIVE_PLATFORMS includes ${platform}`);
  }
  return problems;
}

// An empty variable (`PORT=`) means "use the default", as most tools treat it.
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

function readOrCreateSecretKey(dataDir: string): string {
  if (dataDir === 'memory://') return randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  try {
    ensurePrivateDir(dataDir);
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // The first file a first start writes: a full disk shows here, before the disk check can say so.
    if (!isDiskFull(error)) throw error;
    rmSync(file, { force: true });
    throw new ConfigError(`No free disk space in ${dataDir}: cannot write the new secret key there; free some space or set DATA_DIR to a larger disk`);
  }
  return key;
}
