import { z } from '@hono/zod-openapi';

/** The outline marks most option fields nullable: null and absent mean the same. */
export const optionalText = (max: number) => z.string().max(max).nullish();
export const uploadIds = (max: number) => z.array(z.string().min(1).max(64)).max(max).nullish();
export const flag = z.boolean().nullish();
export const httpsUrl = z
  .string()
  .url()
  .max(2048)
  .refine((value) => /^https?:\/\//i.test(value), { message: 'Must be an http(s) URL' });

export const mediaItem = z.object({ uploadId: z.string().min(1).max(64), altText: z.string().max(1000).nullish() }).strict();

/** Counts what the reader sees: emoji and combined characters count once (Bluesky counts graphemes). */
export function graphemeLength(text: string): number {
  let count = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) count += 1;
  return count;
}

/** Adds an issue at `path` inside the platform's options, with zod's `custom` code. */
export function fail(ctx: z.RefinementCtx, path: (string | number)[], message: string) {
  ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
}

export const hasItems = (value: readonly unknown[] | null | undefined): value is readonly unknown[] => !!value && value.length > 0;
