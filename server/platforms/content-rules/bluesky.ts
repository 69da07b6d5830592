import { z } from '@hono/zod-openapi';
import { fail, graphemeLength, hasItems, httpsUrl, mediaItem, optionalText, uploadIds } from './shared';

export const BLUESKY_LENGTH = 300;
/** app.bsky.feed.post also caps the text at 3,000 bytes of UTF-8: 300 emoji can pass the grapheme count and still be refused. */
export const BLUESKY_TEXT_BYTES = 3000;

export const BlueskyOptions = z
  .object({
    text: optionalText(3000),
    uploadIds: uploadIds(4),
    /** Images with their alt text (as X and Threads take them); instead of `uploadIds`. */
    mediaItems: z.array(mediaItem).max(4).nullish(),
    /** Posts replying in turn to the first one, each up to 300 graphemes with up to 4 files. */
    thread: z
      .array(z.object({ text: z.string().min(1).max(3000), uploadIds: uploadIds(4) }).strict())
      .max(25)
      .nullish(),
    tags: z.array(z.string().trim().min(1).max(64)).max(8).nullish(),
    labels: z.array(z.enum(['!no-unauthenticated', 'porn', 'sexual', 'nudity', 'graphic-media'])).nullish(),
    quoteUri: z
      .string()
      .max(512)
      .regex(/^at:\/\//, 'Must be an at:// URI')
      .optional(),
    externalUrl: httpsUrl.nullish(),
    externalTitle: optionalText(300),
    externalDescription: optionalText(1000),
    thumbnail: z.string().max(64).nullish(),
    videoAlt: z.string().max(10_000).nullish(),
    /** The record's `langs` (decision 086): what feeds and readers filter by, as the Bluesky app's post language. */
    langs: z
      .array(z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/, 'Must be a language tag such as en or pt-BR'))
      .max(3)
      .nullish()
      .openapi({ description: 'Languages of the post (BCP-47 tags, up to 3), set on each post of the thread' }),
  })
  .strict()
  .superRefine((data, ctx) => {
    // Bluesky counts graphemes, so an emoji counts once.
    if (data.text) checkLength(ctx, ['text'], data.text);
    const media = hasItems(data.uploadIds) || hasItems(data.mediaItems);
    if (hasItems(data.uploadIds) && hasItems(data.mediaItems)) fail(ctx, ['mediaItems'], 'Use either uploadIds or mediaItems, not both');
    data.thread?.forEach((entry, i) => {
      checkLength(ctx, ['thread', i, 'text'], entry.text);
    });
    if (!data.text && !media && !data.externalUrl) fail(ctx, ['text'], 'A Bluesky post needs text, media or a link card');
    if (data.externalUrl && media) fail(ctx, ['externalUrl'], 'A link card cannot be combined with media');
    if ((data.externalTitle || data.externalDescription) && !data.externalUrl) fail(ctx, ['externalUrl'], 'A link card needs externalUrl');
    if (data.thumbnail && !data.externalUrl) fail(ctx, ['thumbnail'], 'The thumbnail is the link card’s image: it needs externalUrl');
  });

function checkLength(ctx: z.RefinementCtx, path: (string | number)[], text: string) {
  if (graphemeLength(text) > BLUESKY_LENGTH) return fail(ctx, path, `Bluesky posts are limited to ${BLUESKY_LENGTH} characters`);
  // TextEncoder, not Buffer: the composer runs these rules in the browser too.
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > BLUESKY_TEXT_BYTES) {
    fail(
      ctx,
      path,
      `Bluesky posts are limited to ${BLUESKY_TEXT_BYTES.toLocaleString('en-US')} bytes of text; this one has ${bytes.toLocaleString('en-US')} (emoji and many letters take 2 to 4 bytes, some emoji more)`,
    );
  }
}
