// Browser-safe (docs/decisions/011): the dashboard shows names and colours on every page without
// loading the platform definitions; each definition takes its label and colour from here.

export const PLATFORM_BRANDS = {
  BLUESKY: { label: 'Bluesky', brandColor: '#1185fe' },
  DISCORD: { label: 'Discord', brandColor: '#5865f2' },
  FACEBOOK: { label: 'Facebook', brandColor: '#1877f2' },
  GOOGLE_BUSINESS: { label: 'Google Business Profile', brandColor: '#34a853' },
  INSTAGRAM: { label: 'Instagram', brandColor: '#d62976' },
  LINKEDIN: { label: 'LinkedIn', brandColor: '#0a66c2' },
  MASTODON: { label: 'Mastodon', brandColor: '#6364ff' },
  PINTEREST: { label: 'Pinterest', brandColor: '#e60023' },
  REDDIT: { label: 'Reddit', brandColor: '#ff4500' },
  SLACK: { label: 'Slack', brandColor: '#4a154b' },
  SNAPCHAT: { label: 'Snapchat', brandColor: '#fffc00' },
  THREADS: { label: 'Threads', brandColor: '#101010' },
  TIKTOK: { label: 'TikTok', brandColor: '#010101' },
  TWITTER: { label: 'X (Twitter)', brandColor: '#0f1419' },
  YOUTUBE: { label: 'YouTube', brandColor: '#ff0000' },
} as const satisfies Record<string, { label: string; brandColor: string }>;
