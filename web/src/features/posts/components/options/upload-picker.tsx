import { Checkbox } from '@/components/ui/checkbox';
import { MediaThumb } from '../media-thumb';
import type { UploadChoice } from './types';

type UploadPickerProps = { id: string; label: string; uploads: UploadChoice[]; value: string[]; max?: number; onChange: (ids: string[] | undefined) => void };

/** Checkboxes over the media library, in the order picked. */
export function UploadPicker({ id, label, uploads, value, max, onChange }: UploadPickerProps) {
  if (uploads.length === 0) return <p className="text-xs text-zinc-500">Upload media in the library above to attach it here.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {uploads.map((choice) => {
        const checked = value.includes(choice.id);
        return (
          <li key={choice.id} className="relative size-14">
            <label htmlFor={`${id}-${choice.id}`} className="block size-full cursor-pointer overflow-hidden rounded-md ring-1 ring-zinc-200">
              <MediaThumb upload={choice.upload} />
            </label>
            <Checkbox
              id={`${id}-${choice.id}`}
              aria-label={`Use ${choice.label}`}
              className="absolute top-1 left-1 bg-white/90"
              checked={checked}
              disabled={!checked && max !== undefined && value.length >= max}
              onCheckedChange={(on) => {
                const next = on ? [...value, choice.id] : value.filter((v) => v !== choice.id);
                onChange(next.length ? next : undefined);
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}
