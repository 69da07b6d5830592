import type { PostPlatform } from '../platform-types';
import { platformOf } from '../registry';
import { acceptedImageMimes, references, type UploadFacts } from './media-rules';

/**
 * Ordinary media a platform would refuse as they are, made to fit at publish instead of blocked
 * (decision 084): an image in a format the platform does not take is converted, one outside its
 * aspect ratios is cropped (or padded) when the person accepted it. Browser-safe: the API's
 * publisher applies the plan, the composer shows the same advice before anything is sent.
 */

/** A rectangle of the upright picture, in pixels. */
export type CropBox = { left: number; top: number; width: number; height: number };

/** What publishing does to one image before the platform gets it; the upload itself is never changed. */
export type ImagePlan = {
  /** The format the platform gets (the first it takes). */
  format: 'image/jpeg';
  crop: CropBox | null;
  /** Padded (white) to this size instead of cropped, when the person chose to fit the picture. */
  pad: { width: number; height: number } | null;
};

/** Advice on one file of the post: what will happen to it, or what the person can choose. */
export type MediaAdvice = {
  path: (string | number)[];
  uploadId: string;
  kind: 'convert' | 'crop';
  message: string;
  /** The largest centered crop that fits the platform (for `crop`), to offer or to show. */
  crop?: CropBox;
  /** Whether publishing does it as things stand, or only if the person accepts (`autoCropImage`). */
  applied: boolean;
};

type RatioRange = { min: number; max: number; label: string };

/**
 * Aspect ratios (width / height) a platform's feed takes. Instagram's content publishing refuses
 * feed images outside 4:5 to 1.91:1 (error 36003); stories and reels are shown full-screen instead.
 */
function ratioRange(platform: PostPlatform, options: Record<string, unknown>): RatioRange | null {
  if (platform === 'INSTAGRAM' && (options.type ?? 'POST') === 'POST') return { min: 4 / 5, max: 1.91, label: '4:5 to 1.91:1' };
  return null;
}

/** The largest crop, centered, whose ratio lies in the range; null when the picture already fits. */
export function centeredCrop(width: number, height: number, range: { min: number; max: number }): CropBox | null {
  const ratio = width / height;
  if (ratio > range.max) {
    const cropWidth = Math.floor(height * range.max);
    return { left: Math.floor((width - cropWidth) / 2), top: 0, width: cropWidth, height };
  }
  if (ratio < range.min) {
    const cropHeight = Math.floor(width / range.min);
    return { left: 0, top: Math.floor((height - cropHeight) / 2), width, height: cropHeight };
  }
  return null;
}

/** The smallest canvas, the picture centered on it, whose ratio lies in the range. */
function paddedSize(width: number, height: number, range: { min: number; max: number }): { width: number; height: number } {
  const ratio = width / height;
  if (ratio > range.max) return { width, height: Math.ceil(width / range.max) };
  return { width: Math.ceil(height * range.min), height };
}

/** What publishing does to this image for this platform (null: it goes as uploaded). */
export function imagePlan(platform: PostPlatform, options: Record<string, unknown>, upload: UploadFacts): ImagePlan | null {
  if (upload.type !== 'image') return null;
  const accepted = acceptedImageMimes(platform);
  const convert = !!accepted && !!upload.mime && !accepted.includes(upload.mime);
  const range = ratioRange(platform, options);
  const crop = range && upload.width && upload.height ? centeredCrop(upload.width, upload.height, range) : null;
  const cropped = crop && options.autoCropImage === true ? crop : null;
  const pad = crop && !cropped && options.autoFitImage === true ? paddedSize(upload.width!, upload.height!, range!) : null;
  if (!convert && !cropped && !pad) return null;
  return { format: 'image/jpeg', crop: cropped, pad };
}

/** A plan's short, stable name: renditions are stored under it, so a retried publish reuses the file. */
export function planCode(plan: ImagePlan): string {
  if (plan.crop) return `c${plan.crop.left}x${plan.crop.top}x${plan.crop.width}x${plan.crop.height}`;
  if (plan.pad) return `p${plan.pad.width}x${plan.pad.height}`;
  return 'jpeg';
}

const FORMAT_NAMES: Record<string, string> = { 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF' };

/** Warnings (never errors) about the post's images on one platform, with paths inside `data.<PLATFORM>`. */
export function mediaAdvice(platform: PostPlatform, options: Record<string, unknown>, uploads: ReadonlyMap<string, UploadFacts>): MediaAdvice[] {
  const advice: MediaAdvice[] = [];
  const label = platformOf(platform).label;
  const range = ratioRange(platform, options);
  const accepted = acceptedImageMimes(platform);
  for (const ref of references(options)) {
    const upload = uploads.get(ref.id);
    if (ref.role !== 'media' || !upload || upload.type !== 'image') continue;
    if (accepted && upload.mime && !accepted.includes(upload.mime)) {
      const format = FORMAT_NAMES[upload.mime] ?? 'image';
      advice.push({
        path: ref.path,
        uploadId: upload.id,
        kind: 'convert',
        applied: true,
        message: `${label} takes JPEG photos: this ${format} will be converted when it is published (the original is kept)`,
      });
    }
    const crop = range && upload.width && upload.height ? centeredCrop(upload.width, upload.height, range) : null;
    if (range && crop) {
      const size = `${upload.width}×${upload.height}`;
      const target = `${crop.width}×${crop.height}`;
      const message =
        options.autoCropImage === true
          ? `This ${size} image will be cropped to ${target} in the center: ${label} takes ${range.label}`
          : options.autoFitImage === true
            ? `This ${size} image will be padded to fit ${label}'s ${range.label}`
            : `${label} takes ${range.label} images; this one is ${size}. Crop it to ${target} in the center?`;
      advice.push({
        path: ref.path,
        uploadId: upload.id,
        kind: 'crop',
        crop,
        applied: options.autoCropImage === true || options.autoFitImage === true,
        message,
      });
    }
  }
  return advice;
}
