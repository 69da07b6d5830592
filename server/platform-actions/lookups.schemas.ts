import { z } from '@hono/zod-openapi';

const teamId = z.string().min(1).max(64);
const search = z.string().trim().min(1).max(200);

export const TeamQuery = z.object({ teamId });
export const YoutubeCategoriesQuery = z.object({
  teamId,
  regionCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'An ISO 3166-1 alpha-2 country code such as US')
    .optional()
    .openapi({ description: "ISO 3166-1 alpha-2 country code (e.g. 'US', 'GB', 'PL'); defaults to 'US'" }),
});
export const SubredditQuery = z.object({ teamId, subreddit: z.string().trim().min(1).max(24) });
export const InstagramLocationsQuery = z.object({ teamId, q: search, limit: z.coerce.number().int().min(1).max(25).default(10) });
export const InstagramTagsQuery = z.object({ teamId, username: z.string().trim().min(1).max(100) });
export const LinkedinTagsQuery = z.object({ teamId, q: search, scope: z.enum(['people', 'organizations', 'all']).default('all') });
export const FacebookPagesQuery = z.object({
  teamId,
  q: search.openapi({ description: 'A Page URL (facebook.com/…), @handle, numeric id or name' }),
  limit: z.coerce.number().int().min(1).max(25).default(10),
});

const youtubeList = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ kind: z.string().optional(), etag: z.string().optional(), items: z.array(item).default([]) });

export const YoutubeCategoriesSchema = youtubeList(
  z.object({
    kind: z.string().optional(),
    etag: z.string().optional(),
    id: z.string().optional(),
    snippet: z.object({ channelId: z.string().optional(), title: z.string().optional(), assignable: z.boolean().optional() }).optional(),
  }),
).openapi('MiscYoutubeVideoCategories');

export const YoutubeRegionsSchema = youtubeList(
  z.object({
    kind: z.string().optional(),
    etag: z.string().optional(),
    id: z.string().optional(),
    snippet: z.object({ gl: z.string().optional(), name: z.string().optional() }).optional(),
  }),
).openapi('MiscYoutubeRegions');

export const SubredditFlairsSchema = z
  .array(
    z.object({
      id: z.string().optional(),
      text: z.string().optional(),
      cssClass: z.string().optional(),
      textColor: z.string().optional(),
      backgroundColor: z.string().optional(),
      modOnly: z.boolean().optional(),
      allowableContent: z.string().optional(),
      maxEmojis: z.number().optional(),
    }),
  )
  .openapi('MiscSubredditFlairs');

export const SubredditRequirementsSchema = z.object({ isFlairRequired: z.boolean(), isFlairEnabled: z.boolean() }).openapi('MiscSubredditRequirements');

export const InstagramLocationsSchema = z
  .object({
    items: z.array(
      z.object({
        locationId: z.string(),
        name: z.string(),
        link: z.string().nullable().optional(),
        location: z
          .object({
            city: z.string().nullable().optional(),
            country: z.string().nullable().optional(),
            latitude: z.number().nullable().optional(),
            longitude: z.number().nullable().optional(),
            state: z.string().nullable().optional(),
            street: z.string().nullable().optional(),
            zip: z.string().nullable().optional(),
          })
          .nullable()
          .optional(),
      }),
    ),
  })
  .openapi('MiscInstagramLocations');

export const InstagramTagsSchema = z
  .object({
    exists: z.boolean(),
    data: z
      .object({
        id: z.string(),
        username: z.string(),
        followers_count: z.number(),
        media_count: z.number(),
        profile_picture_url: z.string().url().optional(),
        biography: z.string().optional(),
        name: z.string().optional(),
      })
      .nullable(),
  })
  .openapi('MiscInstagramBusinessDiscovery');

export const LinkedinTagsSchema = z
  .object({
    people: z
      .array(
        z.object({ kind: z.enum(['person']), urn: z.string(), display: z.string(), headline: z.string().optional(), photoUrl: z.string().url().optional() }),
      )
      .default([]),
    organizations: z
      .array(
        z.object({
          kind: z.enum(['organization']),
          urn: z.string(),
          display: z.string(),
          vanityName: z.string().optional(),
          logoUrl: z.string().url().optional(),
        }),
      )
      .default([]),
  })
  .openapi('MiscLinkedinMentionTags');

export const FacebookPagesSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        username: z.string().nullable(),
        link: z.string(),
        avatarUrl: z.string().nullable(),
        mentionTag: z.string().openapi({ description: 'Put this in a post text to tag the Page' }),
      }),
    ),
  })
  .openapi('MiscFacebookPages');

export const TextFormatPresetsSchema = z
  .object({
    presets: z.array(
      z.object({
        id: z.string().openapi({ description: 'Value to pass as data.FACEBOOK.textFormatPresetId when creating a post' }),
        label: z.string(),
        kind: z.enum(['color', 'gradient', 'illustration']),
        color: z.string().nullable().optional(),
      }),
    ),
  })
  .openapi('MiscFacebookTextFormatPresets');
