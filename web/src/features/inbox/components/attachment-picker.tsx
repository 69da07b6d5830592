import { ImageOff } from 'lucide-react';
import { useUploads } from '@/api/get-uploads';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

export type PickedAttachment = { uploadId: string; url: string; type: 'IMAGE' | 'VIDEO' | 'FILE' };

/** The team's media library; a click attaches or detaches an upload. */
export function AttachmentPicker({
  teamId,
  picked,
  onToggle,
}: {
  teamId: string;
  picked: PickedAttachment[];
  onToggle: (attachment: PickedAttachment) => void;
}) {
  const uploads = useUploads(teamId);
  if (uploads.isPending) return <Skeleton className="h-20 w-full" />;
  const items = (uploads.data?.items ?? []).filter((upload) => upload.url);
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-zinc-300 px-3 py-4 text-xs text-zinc-500">
        <ImageOff className="size-4" aria-hidden />
        The media library is empty: upload files from the post composer first.
      </p>
    );
  }
  return (
    <ul aria-label="Media library" className="flex max-h-40 flex-wrap gap-2 overflow-y-auto rounded-lg border border-zinc-200 bg-zinc-50/60 p-2">
      {items.map((upload) => {
        const selected = picked.some((p) => p.uploadId === upload.id);
        const type = upload.type === 'image' ? 'IMAGE' : upload.type === 'video' ? 'VIDEO' : 'FILE';
        return (
          <li key={upload.id}>
            <button
              type="button"
              aria-pressed={selected}
              aria-label={`Attach ${upload.path ?? upload.id}`}
              onClick={() => onToggle({ uploadId: upload.id, url: upload.url!, type })}
              className={cn(
                'block size-16 overflow-hidden rounded-md ring-2 ring-offset-1',
                selected ? 'ring-accent-600' : 'ring-transparent hover:ring-zinc-300',
              )}
            >
              {upload.type === 'image' ? (
                <img src={upload.thumbnailUrl ?? upload.url!} alt="" className="size-full object-cover" />
              ) : (
                <span className="flex size-full items-center justify-center bg-zinc-200 text-[10px] text-zinc-600 uppercase">{upload.ext ?? upload.type}</span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
