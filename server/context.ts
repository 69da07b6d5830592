import type { AppError } from './http/errors';
import type { AppServices } from './services';

export const SCOPES = ['read', 'write', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

export type AuthContext = {
  organizationId: string;
  scopes: readonly Scope[];
  via: 'api-key' | 'session';
  apiKeyId?: string;
  /** SHA-256 of the key: what a revocation names (live streams listen for it). */
  apiKeyHash?: string;
  userId?: string;
  /** The session's stored id (the cookie token's hash) and its current deadline. */
  sessionId?: string;
  sessionExpiresAt?: Date;
};

export type AppEnv = {
  Variables: {
    services: AppServices;
    auth: AuthContext;
    /** Why the credentials a request carried were refused (answered only where a caller is needed). */
    authFailure?: AppError;
  };
};
