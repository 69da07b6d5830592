import type { AppServices } from './services';

export const SCOPES = ['read', 'write', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

export type AuthContext = {
  organizationId: string;
  scopes: readonly Scope[];
  via: 'api-key' | 'session';
  apiKeyId?: string;
  userId?: string;
};

export type AppEnv = {
  Variables: {
    services: AppServices;
    auth: AuthContext;
  };
};
