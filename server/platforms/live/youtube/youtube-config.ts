import type { Config } from '../../../config';
import { createLogger } from '../../../logger';
import type { PlatformConnector } from '../../connector';
import type { LiveHttpClient } from '../live-http';
import { youtubeConnector } from './youtube-connector';

/** The YouTube connector from the operator's settings (every Google host is one, decision 091). */
export function youtubeConnectorOf(config: Config, http: LiveHttpClient): PlatformConnector {
  const logger = createLogger(config.LOG_LEVEL);
  return youtubeConnector({
    http,
    clientId: config.YOUTUBE_CLIENT_ID ?? '',
    clientSecret: config.YOUTUBE_CLIENT_SECRET ?? '',
    apiBase: config.YOUTUBE_API_URL,
    uploadBase: config.YOUTUBE_UPLOAD_URL,
    authorizeUrl: config.YOUTUBE_AUTHORIZE_URL,
    tokenUrl: config.YOUTUBE_TOKEN_URL,
    chunkBytes: config.YOUTUBE_UPLOAD_CHUNK_BYTES,
    processingWaitSeconds: config.YOUTUBE_PROCESSING_WAIT_SECONDS,
    // Operators see it in the logs; the account's refresh will fail with ACCESS_REVOKED after 7 days.
    warn: (warning) => logger.warn(warning.message, { platform: 'YOUTUBE', refreshTokenExpiresAt: warning.refreshTokenExpiresAt.toISOString() }),
  });
}
