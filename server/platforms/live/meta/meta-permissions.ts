import { PERMISSIONS, type Permission } from '../../permissions';

/**
 * Which Meta permissions (scopes) each of the service's permissions needs, per way of logging in
 * (https://developers.facebook.com/docs/permissions). Only what the organization uses is asked:
 * the connect asks for the service's permissions (messaging only once DMs are on), these tables
 * turn them into scopes, and the scopes granted back into the service's permissions (shown on the
 * account in plain words, `PERMISSION_LABELS`).
 */
export type ScopeTable = Record<Permission, string[]>;

/** Facebook Login for Business, Pages. */
export const FACEBOOK_PAGE_SCOPES: ScopeTable = {
  profile: ['pages_show_list'],
  publish: ['pages_manage_posts', 'pages_read_engagement'],
  comments: ['pages_manage_engagement', 'pages_read_user_content'],
  analytics: ['read_insights'],
  messaging: ['pages_messaging', 'pages_manage_metadata'],
};

/** Facebook Login for Business, Instagram professional accounts linked to a Page. */
export const INSTAGRAM_VIA_FACEBOOK_SCOPES: ScopeTable = {
  profile: ['instagram_basic', 'pages_show_list'],
  publish: ['instagram_content_publish', 'pages_read_engagement'],
  comments: ['instagram_manage_comments'],
  analytics: ['instagram_manage_insights'],
  messaging: ['instagram_manage_messages', 'pages_manage_metadata'],
};

/** Pages a person reaches through a business portfolio are listed only with this one, whatever is asked. */
export const FACEBOOK_LOGIN_ALWAYS = ['business_management'];

/** Instagram API with Instagram Login. */
export const INSTAGRAM_LOGIN_SCOPES: ScopeTable = {
  profile: ['instagram_business_basic'],
  publish: ['instagram_business_content_publish'],
  comments: ['instagram_business_manage_comments'],
  analytics: ['instagram_business_manage_insights'],
  messaging: ['instagram_business_manage_messages'],
};

/** Threads API (no messaging). */
export const THREADS_SCOPES: ScopeTable = {
  profile: ['threads_basic'],
  publish: ['threads_content_publish'],
  comments: ['threads_manage_replies', 'threads_read_replies'],
  analytics: ['threads_manage_insights'],
  messaging: [],
};

/** The scopes to ask for these permissions (the profile's always), without repeats. */
export function scopesFor(table: ScopeTable, permissions: readonly Permission[], always: readonly string[] = []): string[] {
  const asked = new Set<string>(table.profile);
  for (const permission of permissions) for (const scope of table[permission]) asked.add(scope);
  for (const scope of always) asked.add(scope);
  return [...asked];
}

/** The service's permissions whose every scope was granted. */
export function permissionsFrom(table: ScopeTable, granted: readonly string[]): Permission[] {
  const have = new Set(granted);
  return PERMISSIONS.filter((permission) => table[permission].length > 0 && table[permission].every((scope) => have.has(scope)));
}
