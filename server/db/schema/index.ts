// The whole schema, for drizzle's relational queries and typed clients.
export * from './organizations';
export * from './teams';
export * from './auth';
export * from './http';
export * from './events';
