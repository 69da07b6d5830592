import { useController } from 'react-hook-form';
import type { Upload } from '@/api/get-uploads';
import { Textarea } from '@/components/ui/textarea';
import type { ComposerValues } from '../../lib/composer-state';
import { mediaLabel } from '../../lib/media';
import { MediaThumb } from '../media-thumb';

/** The longest alt text every platform that takes one accepts (Pinterest's). */
const ALT_TEXT_MAX = 500;

/**
 * Alt text for each attached image, written once beside the media: the composer sends it with each
 * file where the platform takes alt text per file, and for a single photo where it takes one.
 */
export function AltTextList({ selected, uploads }: { selected: string[]; uploads: Upload[] }) {
  const { field } = useController<ComposerValues, 'altTexts'>({ name: 'altTexts' });
  const byId = new Map(uploads.map((upload) => [upload.id, upload]));
  const images = selected.map((id) => byId.get(id)).filter((upload): upload is Upload => upload?.type === 'image');
  if (images.length === 0) return null;
  const altTexts = field.value ?? {};
  return (
    <div className="mt-4 space-y-3 border-t border-zinc-100 pt-4">
      <div>
        <h3 className="text-sm font-medium text-zinc-800">Alt text</h3>
        <p className="text-xs text-zinc-500">
          Describe each image for people using screen readers. Sent with each file to Facebook, X, Threads and Bluesky, and with a single photo to Instagram,
          Mastodon and Pinterest.
        </p>
      </div>
      <ul aria-label="Attached images" className="space-y-3">
        {images.map((upload, index) => (
          <li key={upload.id} className="flex items-start gap-3">
            <span className="size-14 shrink-0 overflow-hidden rounded-md ring-1 ring-zinc-200" title={mediaLabel(upload)}>
              <MediaThumb upload={upload} />
            </span>
            <Textarea
              rows={2}
              maxLength={ALT_TEXT_MAX}
              aria-label={`Alt text for image ${index + 1} (${mediaLabel(upload)})`}
              placeholder="What the image shows, e.g. “Two flat whites on a wooden counter”"
              value={altTexts[upload.id] ?? ''}
              onChange={(event) => field.onChange({ ...altTexts, [upload.id]: event.target.value })}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
