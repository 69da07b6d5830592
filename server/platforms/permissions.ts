/** The service's names for what a person grants at a platform's consent screen. */
export const PERMISSIONS = ['profile', 'publish', 'comments', 'messaging', 'analytics'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  profile: 'See your profile name, picture and id',
  publish: 'Publish, edit and delete posts',
  comments: 'Read and manage comments on your posts',
  messaging: 'Read and send direct messages',
  analytics: 'Read insights about your account and posts',
};
