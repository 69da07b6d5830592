import { z } from '@hono/zod-openapi';
import { fail, hasItems, httpsUrl, optionalText, uploadIds } from './shared';

/** Discord and Slack post through a channel webhook with the same fields; only the limits differ. */
function chatOptions(limits: { text: number; uploads: number }) {
  return z
    .object({
      channelId: z.string().min(1).max(64),
      text: optionalText(limits.text),
      uploadIds: uploadIds(limits.uploads),
      username: optionalText(80),
      avatarUrl: httpsUrl.nullish(),
    })
    .strict()
    .superRefine((data, ctx) => {
      if (!data.text && !hasItems(data.uploadIds)) fail(ctx, ['text'], 'A message needs text or a file');
    });
}

export const DiscordOptions = chatOptions({ text: 2000, uploads: 10 });
export const SlackOptions = chatOptions({ text: 40_000, uploads: 10 });
