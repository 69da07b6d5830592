import type { UploadFacts } from '@server/platforms/content-rules/media-rules';
import type { Upload } from '@/api/get-uploads';

const KIND = { image: 'Image', video: 'Video', document: 'Document' } as const;

function seconds(value: number): string {
  if (value < 60) return `${Math.round(value)} s`;
  const m = Math.floor(value / 60);
  return `${m} min ${Math.round(value - m * 60)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** "Video 1080×1920, 3 s, MP4": what a person needs to tell uploads apart (the API keeps no file name). */
export function mediaLabel(upload: Pick<Upload, 'type' | 'width' | 'height' | 'videoLength' | 'ext'>): string {
  const parts: string[] = [KIND[upload.type]];
  if (upload.width && upload.height) parts.push(`${upload.width}×${upload.height}`);
  const details = [upload.videoLength ? seconds(upload.videoLength) : null, upload.ext.toUpperCase()].filter(Boolean);
  return `${parts.join(' ')}, ${details.join(', ')}`;
}

/** What the shared media rules need to know of each upload in the library. */
export function libraryFacts(uploads: Upload[]): Map<string, UploadFacts> {
  return new Map(
    uploads.map((upload) => [
      upload.id,
      {
        id: upload.id,
        type: upload.type,
        mime: upload.mime,
        width: upload.width,
        height: upload.height,
        videoLength: upload.videoLength,
        fileSize: upload.fileSize,
      },
    ]),
  );
}
