import { ExternalLink } from 'lucide-react';
import { mediaIdsOf } from '@server/posts/shared/post-media-ids';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { platformLabel } from '@/lib/post-platforms';
import type { Post } from '@/api/post-query-keys';
import type { Upload } from '@/api/get-uploads';
import { mediaLabel } from '../../lib/media';
import { targetState } from '../../lib/target-status';
import { MediaThumb } from '../media-thumb';
import { PlatformErrorDetails } from '../platform-error-details';
import { PostSection } from '@/components/post-section';

/** Facts of the result shown elsewhere on the card, not among the platform's ids. */
const NOT_AN_ID = new Set(['permalink', 'thumbnail']);

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
  const ids = Object.entries(result).filter(([key, value]) => !NOT_AN_ID.has(key) && typeof value === 'string');
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

      {ids.length > 0 ? (
        <dl aria-label={`Ids on ${label}`} className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
          {ids.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-zinc-500">{key}</dt>
              <dd className="truncate font-mono text-zinc-700">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
