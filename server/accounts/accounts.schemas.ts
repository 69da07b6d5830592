import { MAX_OFFSET } from '../http/pagination';
import { z } from '@hono/zod-openapi';
import { PERMISSIONS } from '../platforms/permissions';
import { accountTypesSupporting, accountTypesWithChannels } from '../platforms/registry';
import { SOCIAL_ACCOUNT_TYPES } from '../platforms/platform-types';

const dateTime = z.string().datetime().openapi({ example: '2026-11-22T10:00:00.000Z' });
const id = z.string().min(1).max(64);

export const AccountTypeSchema = z.enum(SOCIAL_ACCOUNT_TYPES).openapi('SocialAccountType');

const enumOf = <T extends string>(values: T[]) => z.enum(values as [T, ...T[]]);

export const ChannelSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    username: z.string().nullable(),
    address: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    webhook: z.object({ id: z.string().nullable(), name: z.string().nullable(), avatar: z.string().nullable(), url: z.string().nullable() }).nullable(),
    metadata: z
      .object({
        allowImages: z.boolean().nullable(),
        allowVideos: z.boolean().nullable(),
        allowGalleries: z.boolean().nullable(),
        linkFlairEnabled: z.boolean().nullable(),
      })
      .nullable(),
  })
  .openapi('SocialAccountChannel');

export const MessagingStatusSchema = z.enum(['ENABLED', 'DISABLED', 'DISABLE_PENDING']).openapi('MessagingStatus');

export const SocialAccountSchema = z
  .object({
    id: z.string().openapi({ example: 'q8d2k3m9x2p7q1w8e5r4t6y0' }),
    type: AccountTypeSchema,
    teamId: z.string(),
    mode: z.enum(['sandbox', 'live']).openapi({ description: "`live`: the platform's real API; `sandbox`: the built-in simulated platform" }),
    username: z.string().nullable().openapi({ example: 'ava.martin' }),
    displayName: z.string().nullable(),
    bio: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    externalId: z.string().nullable(),
    userUsername: z.string().nullable(),
    userDisplayName: z.string().nullable(),
    userId: z.string().nullable(),
    userEmail: z.string().nullable(),
    channels: z.array(ChannelSchema).nullable(),
    channelId: z.string().nullable().openapi({ description: 'The selected channel (page, organization, channel or location), if any' }),
    mastodonServerId: z.string().nullable(),
    instagramConnectionMethod: z.enum(['FACEBOOK', 'INSTAGRAM']).nullable(),
    twitterSubType: z.enum(['none', 'basic', 'premium', 'premium_plus']).nullable(),
    isTiktokBusinessAccount: z.boolean().nullable(),
    permissions: z.array(z.enum(PERMISSIONS)).openapi({ description: 'Permissions granted at the platform' }),
    tokenExpiresAt: dateTime.nullable().openapi({ description: 'When the current access token expires; it is refreshed on use' }),
    messagingStatus: MessagingStatusSchema,
    messagingLastError: z.string().nullable(),
    disconnectedCheckTryAt: dateTime.nullable(),
    deleteOn: dateTime.nullable(),
    createdAt: dateTime.nullable(),
    updatedAt: dateTime.nullable(),
    deletedAt: dateTime.nullable(),
  })
  .openapi('SocialAccount');

export type SocialAccountDto = z.infer<typeof SocialAccountSchema>;

const redirectUrl = z
  .string()
  .url()
  .max(2048)
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http(s) URL')
  .openapi({ example: 'https://app.example.com/accounts/connected' });

export const ConnectBody = z
  .object({
    teamId: id,
    type: AccountTypeSchema,
    redirectUrl,
    withMessagingScope: z.boolean().optional().openapi({ description: 'Ask for messaging permissions; ignored until the organization is enabled for DMs' }),
    reconnect: z.boolean().optional().openapi({ description: 'Re-authorize the INSTAGRAM account of the team in place (Instagram login only)' }),
    serverUrl: z.string().url().max(2048).optional().openapi({ description: 'MASTODON: the server to log in on' }),
    disableAutoLogin: z.boolean().optional(),
    forceBrowserOAuth: z.boolean().optional(),
    instagramConnectionMethod: z.enum(['FACEBOOK', 'INSTAGRAM']).optional(),
    withBusinessScope: z.boolean().optional(),
    tiktokForceLogin: z.boolean().optional().openapi({ description: 'TIKTOK: ask for a fresh login at TikTok instead of the account signed in there' }),
    mode: z.enum(['sandbox', 'live']).optional().openapi({
      description: 'Connect to the real platform or the sandbox; unset: live where the operator enabled the platform (LIVE_PLATFORMS), else the sandbox',
    }),
  })
  .strict()
  .openapi('ConnectSocialAccount');

export const OfferedPlatformsSchema = z
  .object({
    platforms: z.array(
      z.object({
        type: AccountTypeSchema,
        modes: z.array(z.enum(['sandbox', 'live'])).openapi({ description: 'How a new account of this platform may be connected, the default first' }),
      }),
    ),
    mediaFetchWarning: z.string().nullable().openapi({
      description: 'Why live platforms that fetch media by URL (Instagram, Facebook, Threads) cannot reach PUBLIC_URL; null when they can or none is live',
    }),
  })
  .openapi('OfferedPlatforms');

export const UrlSchema = z.object({ url: z.string().url() }).openapi('ConnectUrl');

export const PortalBody = z
  .object({
    teamId: id,
    socialAccountTypes: z.array(AccountTypeSchema).min(1),
    redirectUrl: redirectUrl.optional(),
    withMessagingScope: z.boolean().optional(),
    disableAutoLogin: z.boolean().optional(),
    forceBrowserOAuth: z.boolean().optional(),
    withBusinessScope: z.boolean().optional(),
    serverUrl: z.string().url().max(2048).optional().openapi({ description: 'MASTODON: the server to log in on' }),
    instagramConnectionMethod: z.enum(['FACEBOOK', 'INSTAGRAM']).optional().openapi({ description: 'INSTAGRAM: which login the portal uses' }),
    tiktokForceLogin: z.boolean().optional().openapi({ description: 'TIKTOK: ask for a fresh login at TikTok instead of the account signed in there' }),
    expiresIn: z.number().int().min(5).max(2880).optional().openapi({ description: 'Minutes the link stays valid (default 60)' }),
    logoUrl: z.string().url().optional(),
    userLogoUrl: z.string().url().optional(),
    userName: z.string().max(120).optional(),
    goBackButtonText: z.string().max(60).optional(),
    hidePoweredBy: z.boolean().optional(),
    hideGoBackButton: z.boolean().optional(),
    hideUserLogo: z.boolean().optional(),
    hideUserName: z.boolean().optional(),
    hideLanguageSwitcher: z.boolean().optional(),
    showModalOnConnectSuccess: z.boolean().optional(),
    language: z.enum(['en', 'pl', 'fr', 'hi', 'sv', 'de', 'es', 'it', 'nl', 'pt', 'ru', 'tr', 'zh']).optional(),
    maxSocialAccountsConnected: z.number().int().min(1).optional(),
  })
  .strict()
  .openapi('CreatePortalLink');

export const TeamTypeBody = z.object({ teamId: id, type: AccountTypeSchema }).strict().openapi('SocialAccountRef');

const selectableTypes = accountTypesWithChannels(['required', 'optional']);
const refreshableTypes = accountTypesWithChannels(['required', 'optional', 'per-post']);
const messagingTypes = accountTypesSupporting('messaging');

export const SetChannelBody = z
  .object({ teamId: id, type: enumOf(selectableTypes), channelId: z.string().min(1).max(200) })
  .strict()
  .openapi('SetChannel');
export const UnsetChannelBody = z
  .object({ teamId: id, type: enumOf(selectableTypes) })
  .strict()
  .openapi('UnsetChannel');
export const RefreshChannelsBody = z
  .object({ teamId: id, type: enumOf(refreshableTypes) })
  .strict()
  .openapi('RefreshChannels');
export const MessagingBody = z
  .object({ teamId: id, type: enumOf(messagingTypes) })
  .strict()
  .openapi('MessagingToggle');

export const MessagingResultSchema = z
  .object({ socialAccountId: z.string(), type: AccountTypeSchema, messagingStatus: MessagingStatusSchema, messagingLastError: z.string().nullable() })
  .openapi('MessagingStatusResult');

export const ByTypeQuery = z.object({ teamId: id, type: AccountTypeSchema }).strict();

export const CopyBody = z
  .object({
    fromTeamId: id,
    toTeamId: id,
    socialAccountTypes: z.array(AccountTypeSchema).min(1),
    resetChannel: z.boolean().optional().openapi({ description: 'Do not carry the selected page/channel over: pick again in the new team' }),
  })
  .strict()
  .openapi('CopySocialAccounts');

export const ToDeleteQuery = z
  .object({
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_OFFSET / 100)
      .default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const PaginationSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int() });

export const ToDeleteSchema = z.object({ items: z.array(SocialAccountSchema), pagination: PaginationSchema }).openapi('SocialAccountsToDelete');

const windowFields = {
  limit: z.number().int().min(1),
  used: z.number().int().min(0),
  remaining: z.number().int().min(0),
  windowSeconds: z.number().int().min(1),
};

export const ConnectionCheckSchema = z
  .object({ success: z.boolean(), message: z.string().optional(), socialAccountId: z.string(), checkedAt: dateTime, ...windowFields })
  .openapi('ConnectionCheckResult');

export const ProfileRefreshSchema = z
  .object({
    success: z.boolean(),
    message: z.string().optional(),
    socialAccountId: z.string(),
    socialAccount: SocialAccountSchema,
    refreshedAt: dateTime,
    ...windowFields,
  })
  .openapi('ProfileRefreshResult');
