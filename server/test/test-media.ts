import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';
import { FFMPEG_VERSION, runMediaTool } from '../uploads/media-tools';

/**
 * Media the tests upload, made here rather than read from outside the repository: videos with the
 * ffmpeg binary of `@ffmpeg-installer/ffmpeg`, images with sharp. Each file is made once and kept
 * in the system's temporary directory under a hash of its recipe, so a run (and the next one)
 * reuses it; a changed recipe gets a new name. Files appear atomically (written aside, renamed),
 * so parallel test processes never read half a file.
 */
type Recipe =
  | { kind: 'video'; width: number; height: number; seconds: number; fps: number; videoKbps?: number; audio?: boolean; rotate?: 90 }
  | { kind: 'image'; width: number; height: number; format: 'jpeg' | 'png' }
  | { kind: 'special'; make: (target: string) => Promise<void> };

export type TestMediaName =
  | 'vertical-3s.mp4'
  | 'landscape-5s.mp4'
  | 'vertical-200s.mp4'
  | 'landscape-720p-4s.mp4'
  | 'phone-rotated-2s.mp4'
  | 'square-1080.jpg'
  | 'story-1080x1920.jpg'
  | 'link-card-1200x628.png'
  | 'truncated.png'
  | 'truncated.mp4'
  | 'pixel-bomb-16k.png'
  | 'noise-700.png';

const RECIPES: Record<TestMediaName, Recipe> = {
  /** H.264 + AAC, 360×640, 3 s: a phone-style vertical clip (a YouTube short). */
  'vertical-3s.mp4': { kind: 'video', width: 360, height: 640, seconds: 3, fps: 25 },
  /** H.264 + AAC, 640×360, 5 s. */
  'landscape-5s.mp4': { kind: 'video', width: 640, height: 360, seconds: 5, fps: 25 },
  /** H.264 720p at 2.5 Mbit/s, 4 s: about a megabyte and a quarter, several 256 KiB chunks of a resumable upload (YouTube). */
  'landscape-720p-4s.mp4': { kind: 'video', width: 1280, height: 720, seconds: 4, fps: 25, videoKbps: 2500 },
  /** Vertical but 200 s long: over YouTube's 180 s short limit. Tiny and 1 fps, so it encodes in a moment. */
  'vertical-200s.mp4': { kind: 'video', width: 90, height: 160, seconds: 200, fps: 1, videoKbps: 4, audio: false },
  /** Stored 640×360 with a 90° display rotation, as phones record: viewers see 360×640. */
  'phone-rotated-2s.mp4': { kind: 'video', width: 640, height: 360, seconds: 2, fps: 25, rotate: 90 },
  'square-1080.jpg': { kind: 'image', width: 1080, height: 1080, format: 'jpeg' },
  'story-1080x1920.jpg': { kind: 'image', width: 1080, height: 1920, format: 'jpeg' },
  'link-card-1200x628.png': { kind: 'image', width: 1200, height: 628, format: 'png' },
  /** A valid PNG header and the first part of its data: what a broken transfer leaves. */
  'truncated.png': { kind: 'special', make: (target) => truncatedCopy('link-card-1200x628.png', target, 0.4) },
  /** A valid MP4 start (ftyp, part of the stream) cut before its index: no decoder can use it. */
  'truncated.mp4': { kind: 'special', make: (target) => truncatedCopy('landscape-5s.mp4', target, 0.5) },
  /** 16384×16384 black pixels in well under a megabyte: a decompression bomb (1 GB as RGBA). */
  'pixel-bomb-16k.png': { kind: 'special', make: (target) => writeBlankPng(target, 16384, 16384) },
  /** 700×700 random pixels: about 1.5 MB that no compression shrinks (over Bluesky's 1,000,000-byte image limit). */
  'noise-700.png': {
    kind: 'special',
    make: (target) =>
      sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
        .png()
        .toFile(target)
        .then(() => undefined),
  },
};

const CACHE_DIR = path.join(os.tmpdir(), 'socialdesk-test-media');
const made = new Map<TestMediaName, Promise<string>>();

/** The path of a test media file, made on first use. */
export function testMediaPath(name: TestMediaName): Promise<string> {
  let file = made.get(name);
  if (!file) {
    file = ensure(name);
    made.set(name, file);
    file.catch(() => made.delete(name));
  }
  return file;
}

/** The bytes of a test media file, made on first use. */
export async function testMedia(name: TestMediaName): Promise<Buffer> {
  return readFile(await testMediaPath(name));
}

/** Makes every file up front (the Vitest global setup), so parallel test files only read. */
export async function makeAllTestMedia(): Promise<void> {
  for (const name of Object.keys(RECIPES) as TestMediaName[]) await testMediaPath(name);
}

async function ensure(name: TestMediaName): Promise<string> {
  const recipe: Recipe = RECIPES[name];
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(recipe, (_key, value) => (typeof value === 'function' ? String(value) : value)))
    // The makers' own code is part of the recipe: changing an encoder setting makes new files.
    .update(String(make) + String(makeImage))
    .update(FFMPEG_VERSION)
    .update(sharp.versions.vips)
    .digest('hex')
    .slice(0, 12);
  const target = path.join(CACHE_DIR, `${fingerprint}-${name}`);
  if (await exists(target)) return target;
  await mkdir(CACHE_DIR, { recursive: true });
  const scratch = `${target}.${randomUUID()}.part${path.extname(name)}`;
  try {
    await make(recipe, scratch);
    await rename(scratch, target);
  } finally {
    await rm(scratch, { force: true });
  }
  return target;
}

async function make(recipe: Recipe, target: string): Promise<void> {
  if (recipe.kind === 'special') return recipe.make(target);
  if (recipe.kind === 'image') return makeImage(recipe, target);
  const { width, height, seconds, fps, videoKbps = 40, audio = true, rotate } = recipe;
  const encoded = rotate ? `${target}.plain.mp4` : target;
  // A moving test pattern and a tone: real H.264/AAC streams, deterministic for a given binary.
  await runMediaTool(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`],
      // The tone stops a little early: AAC pads its last frame, which would make the file longer than asked.
      ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=22050:duration=${seconds - 0.2}`] : []),
      // Low bitrates keep the files a few tens of kilobytes, so size-limit tests stay cheap.
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', String(fps * 2), '-b:v', `${videoKbps}k`],
      ...(audio ? ['-c:a', 'aac', '-b:a', '16k'] : []),
      ...['-f', 'mp4', encoded],
    ],
    { timeoutMs: 120_000 },
  );
  if (!rotate) return;
  // The display rotation goes on in a second pass: this ffmpeg writes it to the track matrix only when copying streams.
  try {
    await runMediaTool(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-y', '-i', encoded, '-c', 'copy', '-metadata:s:v:0', `rotate=${rotate}`, '-f', 'mp4', target],
      { timeoutMs: 60_000 },
    );
  } finally {
    await rm(encoded, { force: true });
  }
}

/** A picture with shapes, gradient and text, so JPEG and PNG sizes are those of real images. */
async function makeImage(recipe: { width: number; height: number; format: 'jpeg' | 'png' }, target: string) {
  const { width, height } = recipe;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${Math.min(width, height) * 0.2}" fill="#ffffff" fill-opacity="0.6"/>
    <rect x="${width * 0.55}" y="${height * 0.5}" width="${width * 0.3}" height="${height * 0.3}" fill="#10b981"/>
    <text x="50%" y="90%" font-size="${Math.round(height / 12)}" text-anchor="middle" fill="#111827">${width}x${height}</text>
  </svg>`;
  const picture = sharp(Buffer.from(svg));
  await (recipe.format === 'jpeg' ? picture.jpeg({ quality: 85 }) : picture.png({ palette: true })).toFile(target);
}

async function truncatedCopy(source: TestMediaName, target: string, fraction: number) {
  const bytes = await testMedia(source);
  await writeFile(target, bytes.subarray(0, Math.floor(bytes.length * fraction)));
}

/**
 * A grayscale PNG written by hand: the rows are deflated as they are produced, so making a
 * 268-megapixel image costs a row of memory.
 */
async function writeBlankPng(target: string, width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit grayscale, no interlace
  const row = Buffer.alloc(width + 1); // filter byte 0, then black pixels
  const compressed: Buffer[] = [];
  const deflate = createDeflate({ level: 9 });
  deflate.on('data', (part: Buffer) => compressed.push(part));
  async function* rows() {
    for (let y = 0; y < height; y++) yield row;
  }
  await pipeline(rows(), deflate);
  const out = createWriteStream(target);
  out.write(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  out.write(chunk('IHDR', header));
  out.write(chunk('IDAT', Buffer.concat(compressed)));
  out.end(chunk('IEND', Buffer.alloc(0)));
  await new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject));
}

async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  );
}
