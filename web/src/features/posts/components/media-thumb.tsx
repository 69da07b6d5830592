import { FileText } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Upload } from '@/api/get-uploads';

/** The image's thumbnail, or the video's first frame drawn by the browser (the server extracts none). */
export function MediaThumb({ upload, className }: { upload: Pick<Upload, 'type' | 'url' | 'thumbnailUrl'>; className?: string }) {
  const classes = cn('block size-full bg-zinc-100 object-cover', className);
  if (upload.type === 'image') return <img src={upload.thumbnailUrl ?? upload.url} alt="" loading="lazy" className={classes} />;
  if (upload.type === 'video') return <video src={`${upload.url}#t=0.1`} muted playsInline preload="metadata" className={classes} aria-hidden />;
  return (
    <span className={cn(classes, 'flex items-center justify-center text-zinc-400')}>
      <FileText className="size-6" aria-hidden />
    </span>
  );
}
