import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';

/**
 * The OAuth application this service registered on a Mastodon server (`POST /api/v1/apps`). Every
 * server is its own OAuth provider, so the app is registered on first connect to that server and
 * reused by every account there; per redirect URI, since a server checks the one a code is for.
 */
export const mastodonApps = pgTable(
  'mastodon_apps',
  {
    id: idColumn(),
    /** The server's origin (`https://mastodon.social`). */
    server: text().notNull(),
    redirectUri: text().notNull(),
    scopes: text().notNull(),
    clientId: text().notNull(),
    /** Sealed with the platform-token box: the secret lets anyone trade codes for this app. */
    clientSecretEnc: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('mastodon_apps_server_redirect_unique').on(table.server, table.redirectUri)],
);
