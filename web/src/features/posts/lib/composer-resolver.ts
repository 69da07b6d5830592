import type { Resolver } from 'react-hook-form';
import type { UploadFacts } from '@server/platforms/content-rules/media-rules';
import { errorTreeOf } from './composer-errors';
import { buildPlatformData, platformIssues, type ComposerValues } from './composer-state';

/** What the rules need besides the form: the team's uploads, null until the library has loaded. */
export type ComposerContext = { library: ReadonlyMap<string, UploadFacts> | null };

/**
 * Each selected platform's `data.<PLATFORM>`, built as it will be sent, checked with the API's own
 * schema and media rules; every issue lands on the field it is about. The title and the time are
 * checked when the post is sent: they depend on how it is sent (a draft may keep a past time).
 */
export const composerResolver: Resolver<ComposerValues, ComposerContext> = (values, context) => {
  const issues = values.platforms.flatMap((platform) => {
    const { data, issues: unparsed } = buildPlatformData(values, platform);
    return [...unparsed, ...platformIssues(platform, data, context?.library ?? null)].map((issue) => ({ ...issue, platform }));
  });
  return issues.length ? { values: {}, errors: errorTreeOf(issues, 'platform') } : { values, errors: {} };
};
