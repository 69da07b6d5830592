import { Heart, MessageCircle, Play, Repeat2, Send } from 'lucide-react';
import { PlatformIcon } from '@/components/platform-icon';
import { platformLabel, type PostPlatform } from '@/lib/post-platforms';
import type { Upload } from '@/api/get-uploads';
import type { SocialAccount } from '@/api/get-team-accounts';
import { MediaThumb } from './media-thumb';

type PreviewProps = { platform: PostPlatform; account: SocialAccount | undefined; data: Record<string, unknown>; library: Map<string, Upload> };

const VISUAL: PostPlatform[] = ['INSTAGRAM', 'PINTEREST', 'SNAPCHAT', 'TIKTOK'];

/** A simple card in the platform's manner, to see roughly how the post will read; not a pixel copy. */
export function PlatformPreview({ platform, account, data, library }: PreviewProps) {
  const media = (Array.isArray(data.uploadIds) ? (data.uploadIds as string[]) : []).map((id) => library.get(id)).filter((u): u is Upload => !!u);
  const text = typeof data.text === 'string' ? data.text : '';
  const description = typeof data.description === 'string' ? data.description : '';
  const name = account?.displayName ?? account?.username ?? platformLabel(platform);
  const handle = account?.username ? `@${account.username.replace(/^@/, '')}` : '';
  const avatar = (
    <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-zinc-200 text-xs font-semibold text-zinc-600 uppercase">
      {name.replace(/^@/, '').slice(0, 2)}
    </span>
  );

  let body;
  if (platform === 'YOUTUBE') {
    const short = data.type !== 'VIDEO';
    body = (
      <div className="space-y-2">
        <div className={`relative mx-auto overflow-hidden rounded-lg bg-black ${short ? 'aspect-[9/16] max-h-72' : 'aspect-video'}`}>
          {media[0] ? <MediaThumb upload={media[0]} className="object-contain" /> : null}
          <Play className="absolute top-1/2 left-1/2 size-8 -translate-1/2 fill-white/90 text-white/90" aria-hidden />
        </div>
        <p className="line-clamp-2 font-semibold text-zinc-900">{text || 'Video title'}</p>
        <div className="flex items-center gap-2 text-xs text-zinc-500">
          {avatar}
          <span>{name}</span>
        </div>
        {description ? <p className="line-clamp-3 text-xs whitespace-pre-line text-zinc-600">{description}</p> : null}
      </div>
    );
  } else if (VISUAL.includes(platform)) {
    body = (
      <div className="space-y-2">
        <div className="flex items-center gap-2">
          {avatar}
          <span className="text-sm font-semibold text-zinc-900">{account?.username ?? name}</span>
        </div>
        <div
          className={`overflow-hidden rounded-md bg-zinc-100 ${platform === 'TIKTOK' || platform === 'SNAPCHAT' ? 'mx-auto aspect-[9/16] max-h-72' : 'aspect-square'}`}
        >
          {media[0] ? <MediaThumb upload={media[0]} /> : <span className="flex size-full items-center justify-center text-xs text-zinc-400">No media yet</span>}
        </div>
        {media.length > 1 ? <p className="text-center text-xs text-zinc-500">1 of {media.length}</p> : null}
        <div className="flex gap-3 text-zinc-700" aria-hidden>
          <Heart className="size-5" />
          <MessageCircle className="size-5" />
          <Send className="size-5" />
        </div>
        <p className="line-clamp-4 text-sm whitespace-pre-line text-zinc-800">
          <span className="font-semibold">{account?.username ?? name}</span> {text}
        </p>
      </div>
    );
  } else {
    body = (
      <div className="flex gap-3">
        {avatar}
        <div className="min-w-0 flex-1 space-y-2">
          <p className="truncate text-sm">
            <span className="font-semibold text-zinc-900">{name}</span> <span className="text-zinc-500">{handle}</span>
          </p>
          <p className="line-clamp-6 text-sm whitespace-pre-line text-zinc-800">{text || <span className="text-zinc-400">Your text appears here</span>}</p>
          {media.length ? (
            <div className={`grid gap-1 overflow-hidden rounded-lg ${media.length > 1 ? 'grid-cols-2' : ''}`}>
              {media.slice(0, 4).map((upload) => (
                <div key={upload.id} className="aspect-video">
                  <MediaThumb upload={upload} />
                </div>
              ))}
            </div>
          ) : null}
          <div className="flex gap-6 text-zinc-400" aria-hidden>
            <MessageCircle className="size-4" />
            <Repeat2 className="size-4" />
            <Heart className="size-4" />
          </div>
        </div>
      </div>
    );
  }

  return (
    <figure aria-label={`${platformLabel(platform)} preview`} className="rounded-xl border border-zinc-200 bg-white p-3 shadow-xs">
      <figcaption className="mb-3 flex items-center gap-2 text-xs font-medium text-zinc-500">
        <PlatformIcon platform={platform} />
        Preview on {platformLabel(platform)}
      </figcaption>
      {body}
    </figure>
  );
}
