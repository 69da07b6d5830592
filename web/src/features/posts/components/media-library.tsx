import { Film, ImagePlus, Upload as UploadIcon, X } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { Upload } from '@/api/get-uploads';
import { ACCEPTED_TYPES, useUploadFile, type UploadedFile } from '../api/upload-file';
import { formatBytes, mediaLabel } from '../lib/media';
import { Checkbox } from '@/components/ui/checkbox';
import { MediaThumb } from './media-thumb';

type Transfer = { key: string; name: string; size: number; progress: number; error?: string; controller: AbortController };

type MediaLibraryProps = {
  teamId: string;
  uploads: Upload[] | undefined;
  selected: string[];
  onToggle: (id: string, selected: boolean) => void;
  /** A file finished uploading: the composer attaches it. */
  onUploaded: (upload: UploadedFile) => void;
};

/** The team's uploads with drag-and-drop and a file picker; each transfer shows its real progress. */
export function MediaLibrary({ teamId, uploads, selected, onToggle, onUploaded }: MediaLibraryProps) {
  const input = useRef<HTMLInputElement>(null);
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadFile();

  const patch = (key: string, change: Partial<Transfer>) => setTransfers((list) => list.map((t) => (t.key === key ? { ...t, ...change } : t)));

  const start = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      const controller = new AbortController();
      setTransfers((list) => [...list, { key, name: file.name, size: file.size, progress: 0, controller }]);
      upload.mutate(
        { file, teamId, signal: controller.signal, onProgress: (progress) => patch(key, { progress }) },
        {
          onSuccess: (created) => {
            setTransfers((list) => list.filter((t) => t.key !== key));
            onUploaded(created);
          },
          onError: (error) =>
            error instanceof DOMException && error.name === 'AbortError'
              ? setTransfers((list) => list.filter((t) => t.key !== key))
              : patch(key, { error: errorMessage(error) }),
        },
      );
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) start(event.dataTransfer.files);
  };

  return (
    <div className="space-y-3">
      <div
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center transition-colors',
          dragging ? 'border-accent-500 bg-accent-50' : 'border-zinc-300 bg-zinc-50/60',
        )}
      >
        <ImagePlus className="size-5 text-zinc-400" aria-hidden />
        <p className="text-sm text-zinc-600">Drop images or videos here, or</p>
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          <UploadIcon className="size-4" aria-hidden />
          Choose files
        </Button>
        <p className="text-xs text-zinc-500">JPEG, PNG or MP4. Images up to 25 MB, videos up to 1 GB.</p>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPTED_TYPES}
          aria-label="Upload media files"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            if (event.target.files?.length) start(event.target.files);
            event.target.value = '';
          }}
        />
      </div>

      {transfers.length > 0 ? (
        <ul aria-label="Uploads in progress" className="space-y-2">
          {transfers.map((transfer) => (
            <li key={transfer.key} className="rounded-lg border border-zinc-200 px-3 py-2">
              <div className="flex items-center gap-2 text-sm">
                <Film className="size-4 shrink-0 text-zinc-400" aria-hidden />
                <span className="min-w-0 flex-1 truncate text-zinc-800">{transfer.name}</span>
                <span className="text-xs text-zinc-500 tabular-nums">{formatBytes(transfer.size)}</span>
                {transfer.error ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Dismiss ${transfer.name}`}
                    onClick={() => setTransfers((list) => list.filter((t) => t.key !== transfer.key))}
                  >
                    <X className="size-4" aria-hidden />
                  </Button>
                ) : (
                  <Button variant="ghost" size="icon" aria-label={`Cancel uploading ${transfer.name}`} onClick={() => transfer.controller.abort()}>
                    <X className="size-4" aria-hidden />
                  </Button>
                )}
              </div>
              {transfer.error ? (
                <p role="alert" className="mt-1 text-xs font-medium text-red-600">
                  {transfer.error}
                </p>
              ) : (
                <div
                  role="progressbar"
                  aria-label={`Uploading ${transfer.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(transfer.progress * 100)}
                  className="mt-2 h-1.5 overflow-hidden rounded-full bg-zinc-100"
                >
                  <div className="h-full rounded-full bg-accent-600 transition-[width]" style={{ width: `${Math.round(transfer.progress * 100)}%` }} />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {uploads === undefined ? (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="aspect-square" />
          ))}
        </div>
      ) : uploads.length === 0 ? (
        <p className="text-sm text-zinc-500">No media yet. What you upload here is kept in the team's library for later posts.</p>
      ) : (
        <ul aria-label="Media library" className="grid max-h-72 grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-4">
          {uploads.map((item) => {
            const checked = selected.includes(item.id);
            const id = `media-${item.id}`;
            return (
              <li key={item.id} className="relative">
                <label
                  htmlFor={id}
                  className={cn(
                    'block aspect-square cursor-pointer overflow-hidden rounded-lg ring-1 ring-zinc-200 transition',
                    checked && 'ring-2 ring-accent-600',
                  )}
                  title={mediaLabel(item)}
                >
                  <MediaThumb upload={item} />
                  <span className="absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/60 px-1.5 pt-3 pb-1 text-[10px] font-medium text-white">
                    {mediaLabel(item)}
                  </span>
                </label>
                <Checkbox
                  id={id}
                  aria-label={`Attach ${mediaLabel(item)}`}
                  checked={checked}
                  onCheckedChange={(value) => onToggle(item.id, value === true)}
                  className="absolute top-1.5 left-1.5 bg-white/90"
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
