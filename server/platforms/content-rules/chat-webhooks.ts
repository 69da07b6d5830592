import { z } from '@hono/zod-openapi';
import { boundedJson } from '../../http/shared/bounded-json';
import { fail, hasItems, httpsUrl, optionalText, uploadIds } from './shared';

/** Discord and Slack post through a channel with the same fields; only the limits and rich content differ. */
function chatOptions<Extra extends z.ZodRawShape>(limits: { text: number; uploads: number }, extra: Extra) {
  return z
    .object({
      channelId: z.string().min(1).max(64),
      text: optionalText(limits.text),
      uploadIds: uploadIds(limits.uploads),
      username: optionalText(80),
      avatarUrl: httpsUrl.nullish(),
      ...extra,
    })
    .strict()
    .superRefine((data, ctx) => {
      const rich = (data as { embeds?: unknown[] | null; blocks?: unknown[] | null }).embeds ?? (data as { blocks?: unknown[] | null }).blocks;
      if (!data.text && !hasItems(data.uploadIds) && !hasItems(rich)) fail(ctx, ['text'], 'A message needs text or a file (or Discord embeds, Slack blocks)');
    });
}

/** A Discord embed, within the limits Discord documents (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
const DiscordEmbed = z
  .object({
    title: z.string().max(256).nullish(),
    description: z.string().max(4096).nullish(),
    url: httpsUrl.nullish(),
    color: z.number().int().min(0).max(0xffffff).nullish(),
    image: z.object({ url: httpsUrl }).strict().nullish(),
    thumbnail: z.object({ url: httpsUrl }).strict().nullish(),
    footer: z
      .object({ text: z.string().min(1).max(2048) })
      .strict()
      .nullish(),
    fields: z
      .array(z.object({ name: z.string().min(1).max(256), value: z.string().min(1).max(1024), inline: z.boolean().nullish() }).strict())
      .max(25)
      .nullish(),
  })
  .strict();

/**
 * Block Kit blocks are many and Slack checks them itself (`invalid_blocks`); here only their
 * number, that each names its type, and the free-form JSON bounds on the rest.
 */
const SlackBlock = z.object({ type: z.string().min(1).max(64) }).passthrough();
const SlackBlocks = boundedJson(z.array(SlackBlock).max(50));

export const DiscordOptions = chatOptions({ text: 2000, uploads: 10 }, { embeds: z.array(DiscordEmbed).max(10).nullish() });
/*
 * With files the message is posted by `files.completeUploadExternal`, which takes the text
 * (`initial_comment`) or the blocks but not both (it ignores the blocks when given a comment), and
 * no name or icon override (https://docs.slack.dev/reference/methods/files.completeUploadExternal):
 * such a post is refused here rather than posted without what was asked for.
 */
export const SlackOptions = chatOptions({ text: 40_000, uploads: 10 }, { blocks: SlackBlocks.nullish() }).superRefine((data, ctx) => {
  if (!hasItems(data.uploadIds)) return;
  const withFiles = 'Slack posts a message with files through its file upload, which';
  if (data.username) fail(ctx, ['username'], `${withFiles} takes no name override: remove the files or the username`);
  if (data.avatarUrl) fail(ctx, ['avatarUrl'], `${withFiles} takes no icon override: remove the files or the avatarUrl`);
  if (data.text && hasItems(data.blocks)) fail(ctx, ['blocks'], `${withFiles} shows either the text or the blocks, not both: remove one of them`);
});
