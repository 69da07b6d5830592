import { rm, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { imagePlan, planCode, type ImagePlan } from '../platforms/content-rules/media-adaptations';
import type { UploadFacts } from '../platforms/content-rules/media-rules';
import { POST_PLATFORMS } from '../platforms/platform-types';
import type { AppServices } from '../services';
import { SUPPORTED_FORMATS } from './upload-limits';

/**
 * Renditions: the copy of an upload a platform gets when it would refuse the upload as it is (a
 * PNG for Instagram, a picture outside its ratios; decision 084). The upload stays untouched; the
 * copy sits beside it under `<upload key>-r<plan>.jpg`, so it is served by the same unguessable
 * media route, found again by a retried publish instead of made twice, and removed with the upload.
 */
export type Rendition = { key: string; size: number; mime: 'image/jpeg'; width: number; height: number };

const RENDITION_NAME = /^([0-9a-z]{40,60})-r([0-9a-z]{1,40})\.jpg$/;

export function renditionKey(uploadKey: string, plan: ImagePlan): string {
  return uploadKey.replace(/\.[a-z0-9]+$/, `-r${planCode(plan)}.jpg`);
}

/** The keys the upload a rendition belongs to may have (one per image format), or null for other names. */
export function renditionOwnerKeys(shard: string, name: string): string[] | null {
  const match = RENDITION_NAME.exec(name);
  if (!match) return null;
  return Object.values(SUPPORTED_FORMATS)
    .filter((format) => format.type === 'image')
    .map((format) => `${shard}/${match[1]}.${format.ext}`);
}

/** Makes (or finds) the rendition of an upload for a plan; writes are atomic, so an existing key is complete. */
export async function renditionOf(services: AppServices, upload: { key: string; width: number; height: number }, plan: ImagePlan): Promise<Rendition> {
  const { storage, config } = services;
  const key = renditionKey(upload.key, plan);
  const { width, height } = plan.crop ?? plan.pad ?? upload;
  const existing = await storage.stat(key);
  if (existing) return { key, mime: 'image/jpeg', width, height, size: existing.size };
  const scratch = storage.createScratchFile('.jpg');
  try {
    const data = await storage.withLocalFile(upload.key, async (local) => {
      let image = sharp(local, { limitInputPixels: config.UPLOAD_MAX_IMAGE_PIXELS }).rotate();
      // Crop boxes are in the upright picture's pixels (what the upload's width and height say).
      if (plan.crop || plan.pad) image = sharp(await image.toBuffer(), { limitInputPixels: config.UPLOAD_MAX_IMAGE_PIXELS });
      if (plan.crop) image = image.extract(plan.crop);
      if (plan.pad) image = image.resize({ width: plan.pad.width, height: plan.pad.height, fit: 'contain', background: '#ffffff' });
      // JPEG has no transparency: transparent pixels become white, as they look on the platforms.
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    });
    // Written by Node, not libvips: a full disk keeps its ENOSPC.
    await writeFile(scratch, data);
    const stored = await storage.putFile(key, scratch);
    return { key, mime: 'image/jpeg', width, height, size: stored.size };
  } finally {
    await rm(scratch, { force: true });
  }
}

/** Every rendition key an upload may have (one per platform and choice), for removing them with it. */
export function possibleRenditionKeys(upload: UploadFacts & { path: string }): string[] {
  const keys = new Set<string>();
  for (const platform of POST_PLATFORMS) {
    for (const choice of [{}, { autoCropImage: true }, { autoFitImage: true }]) {
      const plan = imagePlan(platform, choice, upload);
      if (plan) keys.add(renditionKey(upload.path, plan));
    }
  }
  return [...keys];
}
