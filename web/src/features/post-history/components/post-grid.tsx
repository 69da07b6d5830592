import { ExternalLink, Eye, Heart, ImageOff, Layers, MessageCircle, Play } from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import type { ImportedPost } from '../lib/history-options';

const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

type PostGridProps = { posts: ImportedPost[]; selected: ReadonlySet<string>; onToggle: (id: string, selected: boolean) => void };

/**
 * The account's imported posts as its profile shows them: picture, when, what it said, where it
 * lives, how it did. Each can be selected, to delete several at once.
 */
export function PostGrid({ posts, selected, onToggle }: PostGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Imported posts">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} selected={selected.has(post.id)} onToggle={onToggle} />
      ))}
    </ul>
  );
}

function formatBadge(post: ImportedPost): { label: string; icon: typeof Play } | null {
  if (post.isShort || post.contentType === 'SHORTS') return { label: 'Short', icon: Play };
  if (post.contentType === 'REEL') return { label: 'Reel', icon: Play };
  if (post.contentType === 'VIDEO' || post.type === 'VIDEO') return { label: 'Video', icon: Play };
  if (post.contentType === 'CAROUSEL') return { label: 'Carousel', icon: Layers };
  if (post.contentType === 'STORY' || post.type === 'STORY') return { label: 'Story', icon: Layers };
  return null;
}

function PostCard({ post, selected, onToggle }: { post: ImportedPost; selected: boolean; onToggle: PostGridProps['onToggle'] }) {
  const picture = post.smallThumbnail ?? post.thumbnail;
  const caption = post.description ?? post.title ?? '';
  const badge = formatBadge(post);
  const latest = post.analytics.at(-1);
  const dated = `post${post.publishedAt ? ` of ${formatDate(post.publishedAt)}` : ''}`;
  return (
    <li
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border bg-white shadow-xs',
        selected ? 'border-accent-500 ring-2 ring-accent-500' : 'border-zinc-200',
      )}
      aria-label={`Imported ${dated}`}
    >
      <div className="relative aspect-square bg-zinc-100">
        <label className="absolute top-2 right-2 z-10 flex size-7 cursor-pointer items-center justify-center rounded-md bg-white/90 shadow-xs">
          <Checkbox
            checked={selected}
            onCheckedChange={(checked) => onToggle(post.id, checked === true)}
            aria-label={`Select the ${dated}${caption ? `: ${caption.slice(0, 40)}` : ''}`}
          />
        </label>
        {picture ? (
          <img src={picture} alt={caption ? `Picture of “${caption.slice(0, 60)}”` : 'Post picture'} loading="lazy" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center p-4 text-center text-sm text-zinc-500">
            {caption ? <span className="line-clamp-5">{caption}</span> : <ImageOff className="size-6 text-zinc-400" aria-label="No picture" />}
          </div>
        )}
        {badge ? (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-md bg-zinc-900/75 px-1.5 py-0.5 text-xs font-medium text-white">
            <badge.icon className="size-3" aria-hidden />
            {badge.label}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3 text-sm">
        <p className="text-xs text-zinc-500">{post.publishedAt ? formatDate(post.publishedAt) : 'Date unknown'}</p>
        {caption ? <p className="line-clamp-2 text-zinc-800">{caption}</p> : null}
        {latest ? (
          <p className="mt-auto flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-600" aria-label="Analytics">
            <Metric icon={Heart} value={latest.likes} noun="like" />
            <Metric icon={MessageCircle} value={latest.comments} noun="comment" />
            <Metric icon={Eye} value={latest.views} noun="view" />
          </p>
        ) : (
          <p className="mt-auto text-xs text-zinc-400">No analytics</p>
        )}
        {post.permalink ? (
          <a
            href={post.permalink}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-xs font-medium text-accent-700 hover:underline"
          >
            <ExternalLink className="size-3" aria-hidden />
            Open on the platform
          </a>
        ) : null}
      </div>
    </li>
  );
}

function Metric({ icon: Icon, value, noun }: { icon: typeof Heart; value: number; noun: string }) {
  return (
    <span className="inline-flex items-center gap-1 tabular-nums" title={`${value} ${noun}${value === 1 ? '' : 's'}`}>
      <Icon className="size-3.5 text-zinc-400" aria-hidden />
      {compact.format(value)}
      <span className="sr-only"> {noun}s</span>
    </span>
  );
}
