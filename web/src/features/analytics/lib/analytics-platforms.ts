import type { ApiSchema } from '@/lib/api-client';

export type AnalyticsPlatform = ApiSchema<'AnalyticsPlatformType'>;

// Keyed by the API's own enum, so a platform added there without a line here does not compile.
const HAS_ANALYTICS: Record<AnalyticsPlatform, true> = {
  TIKTOK: true,
  YOUTUBE: true,
  INSTAGRAM: true,
  FACEBOOK: true,
  THREADS: true,
  REDDIT: true,
  PINTEREST: true,
  MASTODON: true,
  LINKEDIN: true,
  BLUESKY: true,
  GOOGLE_BUSINESS: true,
  TWITTER: true,
};

export function hasAnalytics(platform: string): platform is AnalyticsPlatform {
  return Object.hasOwn(HAS_ANALYTICS, platform);
}
