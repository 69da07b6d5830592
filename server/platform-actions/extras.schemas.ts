import { z } from '@hono/zod-openapi';
import { LINKEDIN_MENTION_URN } from '../platforms/shared/linkedin-mentions';

const teamId = z.string().min(1).max(64);

export const InstagramAudioQuery = z.object({
  teamId,
  audioType: z.enum(['original_sound', 'music']).openapi({ description: 'Music cleared for Reels, or original sounds of Reels' }),
  searchQuery: z.string().trim().min(1).max(100).optional().openapi({ description: 'Without it: what is trending' }),
});

export const InstagramAudioSchema = z
  .object({
    audio: z.array(
      z.object({
        audio_id: z.string().openapi({ description: 'Pass as data.INSTAGRAM.musicSoundInfo.musicSoundId' }),
        cover_artwork_thumbnail_uri: z.string().nullable().optional(),
        cover_artwork_thumbnail_url: z.string().nullable().optional(),
        display_artist: z.string().nullable().optional(),
        duration_in_ms: z.number().nullable().optional(),
        audio_type: z.enum(['original_sound', 'music']),
        title: z.string().nullable().optional(),
        download_url: z.string().nullable().optional(),
        ig_username: z.string().nullable().optional(),
        profile_picture_url: z.string().nullable().optional(),
      }),
    ),
  })
  .openapi('InstagramAudioList');

export const TokenDebugQuery = z.object({ teamId });

export const TokenDebugSchema = z
  .object({
    type: z.enum(['USER', 'PAGE']).optional(),
    application: z.string().optional(),
    data_access_expires_at: z.number().int().optional(),
    is_valid: z.boolean(),
    issued_at: z.number().int().optional(),
    scopes: z.array(z.string()),
    granular_scopes: z.array(z.object({ scope: z.string(), target_ids: z.array(z.string()).optional() })),
    error: z.object({ code: z.number().int(), message: z.string(), subcode: z.number().int().optional() }).optional(),
  })
  .openapi('FacebookTokenDebug');

export const LinkedinReshareBody = z
  .object({
    teamId,
    parentPostUrn: z
      .string()
      .regex(/^urn:li:(share|ugcPost|activity):[0-9]{1,40}$/, 'A LinkedIn post URN: urn:li:share:…, urn:li:ugcPost:… or urn:li:activity:…')
      .openapi({ example: 'urn:li:share:7123456789012345678' }),
    commentary: z.string().max(3000),
    visibility: z.enum(['CONNECTIONS', 'PUBLIC', 'LOGGED_IN', 'CONTAINER']).nullable().optional(),
    disableReshare: z.boolean().nullable().optional(),
  })
  .strict()
  .openapi('LinkedinReshare');

export const LinkedinReshareSchema = z
  .object({ success: z.boolean(), id: z.string(), activity: z.string().nullable().optional(), permalink: z.string().nullable().optional() })
  .openapi('LinkedinReshareResult');

export const MentionsBuilderBody = z
  .object({
    text: z.string().max(3000).default(''),
    tags: z
      .array(z.object({ display: z.string().min(1).max(200), urn: z.string().regex(LINKEDIN_MENTION_URN, 'A person or organization URN') }).strict())
      .max(50)
      .default([]),
  })
  .strict()
  .openapi('LinkedinMentionsBuilder');

export const MentionsBuilderSchema = z.object({ commentary: z.string() }).openapi('LinkedinCommentary');
