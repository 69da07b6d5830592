import { ExternalLink } from 'lucide-react';
import { mediaIdsOf } from '@server/posts/shared/post-media-ids';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { platformLabel } from '@/lib/post-platforms';
import { isPublishedOn, type Post } from '@/api/post-query-keys';
import type { Upload } from '@/api/get-uploads';
import { mediaLabel } from '../../lib/media';
import { mediaNotes, platformIds, platformStatusText, readableLink } from '../../lib/platform-result';
import { targetState } from '../../lib/target-status';
import { MediaThumb } from '../media-thumb';
import { PlatformErrorDetails } from '../platform-error-details';
import { PostSection } from '@/components/post-section';

/** Each platform the post goes to: how it went there, where to see it, and what it says with which media. */
export function PostTargetsSection({ post }: { post: Post }) {
  return (
    <PostSection title="Platforms" description="What each platform got and what it made of it.">
      <ul className="divide-y divide-zinc-200">
        {post.socialAccountTypes.map((platform) => (
          <TargetItem key={platform} post={post} platform={platform} />
        ))}
      </ul>
    </PostSection>
  );
}

function TargetItem({ post, platform }: { post: Post; platform: string }) {
  const label = platformLabel(platform);
  const state = targetState(post, platform);
  const result = post.externalData[platform] ?? {};
  const verbose = post.errorsVerbose[platform];
  const error = verbose?.userFacingMessage ?? post.errors[platform];
  const account = post.socialAccounts.find((link) => link.socialAccount?.type === platform)?.socialAccount as { username?: string | null } | undefined;
  const options = post.data[platform] as Record<string, unknown> | undefined;
  const text = [options?.text, options?.description].find((value): value is string => typeof value === 'string' && value.length > 0);
  const uploads = mediaIdsOf(options)
    // The post's DTO types its uploads loosely; they are the same Upload objects the library lists.
    .map((id) => post.uploads.find((link) => link.uploadId === id)?.upload as Upload | null | undefined)
    .filter((upload): upload is Upload => !!upload);
  const ids = platformIds(result);
  const platformSays = state.failed ? null : platformStatusText(result.status);
  const notes = mediaNotes(post, platform, isPublishedOn(post, platform), label);
  return (
    <li aria-label={label} className="space-y-3 px-5 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <PlatformIcon platform={platform} />
        <span className="text-sm font-semibold text-zinc-900">{label}</span>
        {account?.username ? <span className="text-sm text-zinc-500">@{account.username.replace(/^@/, '')}</span> : null}
        <Badge tone={state.tone}>{state.label}</Badge>
        {result.permalink ? (
          <Button asChild variant="ghost" size="sm" className="ml-auto">
            <a href={result.permalink} target="_blank" rel="noreferrer">
              View on {label}
              <ExternalLink className="size-3.5" aria-hidden />
            </a>
          </Button>
        ) : null}
      </div>

      {result.permalink || platformSays ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {result.permalink ? (
            <a
              href={result.permalink}
              target="_blank"
              rel="noreferrer"
              className="min-w-0 truncate text-indigo-700 hover:underline"
              aria-label={`Permalink on ${label}`}
            >
              {readableLink(result.permalink)}
            </a>
          ) : null}
          {platformSays ? <span className="text-zinc-500">{platformSays}</span> : null}
        </p>
      ) : null}

      {error ? (
        <div className="text-sm">
          <p className={state.failed ? 'text-red-700' : 'text-amber-800'}>{error}</p>
          {verbose ? <PlatformErrorDetails verbose={verbose} /> : null}
        </div>
      ) : null}

      {text ? <p className="text-sm whitespace-pre-line text-zinc-700">{text}</p> : null}

      {uploads.length > 0 ? (
        <ul aria-label={`Media on ${label}`} className="flex flex-wrap gap-2">
          {uploads.map((upload) => (
            <li key={upload.id} title={mediaLabel(upload)} className="size-20 overflow-hidden rounded-md border border-zinc-200">
              <MediaThumb upload={upload} />
            </li>
          ))}
        </ul>
      ) : null}

      {notes.length > 0 ? (
        <ul aria-label={`Media notes for ${label}`} className="space-y-1 text-xs">
          {notes.map((note) => (
            <li key={note.text} className={note.offer ? 'text-amber-800' : 'text-zinc-600'}>
              {note.text}
            </li>
          ))}
        </ul>
      ) : null}

      {/* Ids matter to support and to API users, not to reading how the post went: folded away. */}
      {ids.length > 0 ? (
        <details className="text-xs">
          <summary className="cursor-pointer text-zinc-500 select-none hover:text-zinc-800">Platform ids</summary>
          <dl aria-label={`Ids on ${label}`} className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            {ids.map((entry) => (
              <div key={entry.key} className="contents">
                <dt className="text-zinc-500" title={entry.key}>
                  {entry.label}
                </dt>
                <dd className="truncate font-mono text-zinc-700">{entry.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </li>
  );
}
