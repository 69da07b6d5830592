import { Check, ImageOff } from 'lucide-react';
import { useUploads, type Upload } from '@/api/get-uploads';
import { cn } from '@/lib/cn';

type Props = {
  teamId: string;
  label: string;
  kinds: Upload['type'][];
  value: string | null;
  onChange: (upload: Upload | null) => void;
};

/**
 * One of the team's uploads (or none), picked by its thumbnail. Files are uploaded in the media
 * library; a flow only names them, and publishing checks they are still there.
 */
export function UploadPicker({ teamId, label, kinds, value, onChange }: Props) {
  const uploads = useUploads(teamId);
  const usable = (uploads.data?.items ?? []).filter((upload) => kinds.includes(upload.type));
  const missing = value && uploads.data && !usable.some((upload) => upload.id === value);
  return (
    <div role="radiogroup" aria-label={label} className="space-y-1">
      <div className="flex flex-wrap gap-1.5">
        <button
          type="button"
          role="radio"
          aria-checked={!value}
          aria-label="No file"
          onClick={() => onChange(null)}
          className={cn(
            'grid size-12 place-items-center rounded-md border text-zinc-400',
            !value ? 'border-accent-500 ring-2 ring-accent-500/30' : 'border-zinc-200',
          )}
        >
          <ImageOff className="size-4" aria-hidden />
        </button>
        {usable.slice(0, 23).map((upload, index) => (
          <button
            key={upload.id}
            type="button"
            role="radio"
            aria-checked={value === upload.id}
            aria-label={`${upload.type === 'video' ? 'Video' : 'Image'} ${index + 1} (${upload.ext}, ${upload.width ?? '?'}×${upload.height ?? '?'})`}
            onClick={() => onChange(upload)}
            className={cn(
              'relative size-12 overflow-hidden rounded-md border',
              value === upload.id ? 'border-accent-500 ring-2 ring-accent-500/30' : 'border-zinc-200',
            )}
          >
            {upload.thumbnailUrl ? (
              <img src={upload.thumbnailUrl} alt="" className="size-full object-cover" loading="lazy" />
            ) : (
              <span className="text-[10px]">{upload.ext}</span>
            )}
            {value === upload.id ? <Check className="absolute top-0.5 right-0.5 size-3 rounded-full bg-accent-600 text-white" aria-hidden /> : null}
          </button>
        ))}
      </div>
      {uploads.isPending ? <p className="text-xs text-zinc-500">Loading the team’s files…</p> : null}
      {uploads.data && usable.length === 0 ? (
        <p className="text-xs text-zinc-500">No {kinds.join(' or ')} uploaded to this team yet: add files in the media library.</p>
      ) : null}
      {missing ? <p className="text-xs text-amber-700">The chosen file is not among the team’s uploads (id {value}).</p> : null}
    </div>
  );
}
