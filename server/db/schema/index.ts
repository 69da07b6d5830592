// The whole schema, for drizzle's relational queries and typed clients.
export * from './organizations';
export * from './teams';
export * from './auth';
export * from './http';
export * from './events';
export * from './webhooks';
export * from './jobs';
export * from './social-accounts';
export * from './sandbox';
export * from './ingest';
export * from './usage';
export * from './uploads';
export * from './posts';
export * from './sandbox-publishing';
export * from './analytics';
export * from './billing';
export * from './comments';
