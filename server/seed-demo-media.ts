import sharp from 'sharp';
import type { AppServices } from './services';
import { ingestLocalFile } from './uploads/upload-ingest.service';
import type { UploadRow } from './uploads/uploads.service';

/** The demo's pictures: drawn here (an SVG rendered by sharp), so nothing is downloaded or shipped. */
const PICTURES = [
  { name: 'autumn-blend', title: 'Autumn blend', subtitle: 'Roasted this week', from: '#7c2d12', to: '#f59e0b' },
  { name: 'latte-art', title: 'Latte art Friday', subtitle: 'Show us your rosetta', from: '#1e3a8a', to: '#93c5fd' },
  { name: 'roastery', title: 'At the roastery', subtitle: 'Batch 214, 9:40 am', from: '#14532d', to: '#86efac' },
] as const;

export type DemoPictureName = (typeof PICTURES)[number]['name'];

function svg(picture: (typeof PICTURES)[number]): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${picture.from}"/><stop offset="1" stop-color="${picture.to}"/></linearGradient></defs>
  <rect width="1080" height="1080" fill="url(#g)"/>
  <circle cx="540" cy="470" r="210" fill="#fff" fill-opacity="0.14"/>
  <text x="540" y="760" font-family="sans-serif" font-size="92" font-weight="700" fill="#fff" text-anchor="middle">${picture.title}</text>
  <text x="540" y="850" font-family="sans-serif" font-size="48" fill="#fff" fill-opacity="0.85" text-anchor="middle">${picture.subtitle}</text>
</svg>`);
}

/** Uploads the pictures through the same ingest path as a dashboard upload (sniffed, measured, counted). */
export async function uploadDemoPictures(services: AppServices, scope: { organizationId: string; teamId: string }) {
  const uploads = await Promise.all(
    PICTURES.map(async (picture) => {
      const scratch = services.storage.createScratchFile('.jpg');
      await sharp(svg(picture)).jpeg({ quality: 82 }).toFile(scratch);
      return [picture.name, await ingestLocalFile(services, scratch, { ...scope, declaredMime: 'image/jpeg' })] as const;
    }),
  );
  return Object.fromEntries(uploads) as Record<DemoPictureName, UploadRow>;
}
