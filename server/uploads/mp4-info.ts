import { open, type FileHandle } from 'node:fs/promises';
import { createFile, type Movie } from 'mp4box';

export type VideoInfo = { width: number | null; height: number | null; durationSeconds: number | null };

/** Why mp4box gave no answer: an index too big to parse in this process, or one it cannot read. */
export type Mp4Result = { ok: true; info: VideoInfo } | { ok: false; reason: 'index-too-large' | 'unreadable' };

const CHUNK_BYTES = 1024 * 1024;
/** Real files have a handful of top-level boxes; a file of millions of tiny ones is not walked. */
const MAX_TOP_LEVEL_BOXES = 1000;

/**
 * Reads duration and picture size from an MP4's `moov` box. The top-level boxes are walked first,
 * so a `moov` larger than `maxIndexBytes` is never handed to mp4box (which buffers the whole box
 * in memory); the caller reads such a file out of process instead. The file is then fed to mp4box
 * in chunks from the offsets it asks for, so the media data (`mdat`) is skipped rather than read:
 * a 1 GB video costs a few reads, never its size in memory.
 */
export async function readMp4Info(filePath: string, options: { maxIndexBytes: number }): Promise<Mp4Result> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const index = await findTopLevelBox(handle, size, 'moov');
    if (index === null) return { ok: false, reason: 'unreadable' };
    if (index.size > options.maxIndexBytes) return { ok: false, reason: 'index-too-large' };
    const movie = await parseWithMp4box(handle, size, index.offset + index.size);
    return movie ? { ok: true, info: summarize(movie) } : { ok: false, reason: 'unreadable' };
  } finally {
    await handle.close();
  }
}

/** Offset and size of the first top-level box of a type, from the 8- or 16-byte box headers. */
async function findTopLevelBox(handle: FileHandle, fileSize: number, type: string): Promise<{ offset: number; size: number } | null> {
  const header = Buffer.alloc(16);
  let offset = 0;
  for (let boxes = 0; offset + 8 <= fileSize && boxes < MAX_TOP_LEVEL_BOXES; boxes++) {
    const { bytesRead } = await handle.read(header, 0, 16, offset);
    if (bytesRead < 8) return null;
    let boxSize = header.readUInt32BE(0);
    const boxType = header.toString('latin1', 4, 8);
    if (boxSize === 1) {
      if (bytesRead < 16) return null;
      boxSize = Number(header.readBigUInt64BE(8));
    } else if (boxSize === 0) {
      boxSize = fileSize - offset; // "to the end of the file"
    }
    if (boxSize < 8) return null;
    if (boxType === type) return offset + boxSize <= fileSize ? { offset, size: boxSize } : null;
    offset += boxSize;
  }
  return null;
}

/** Feeds mp4box up to `end` (the end of `moov`), jumping where it asks; null if it never got ready. */
async function parseWithMp4box(handle: FileHandle, fileSize: number, end: number): Promise<Movie | null> {
  const mp4 = createFile();
  let movie: Movie | null = null;
  let failed = false;
  mp4.onReady = (info) => {
    movie = info;
  };
  mp4.onError = () => {
    failed = true;
  };
  let offset = 0;
  const limit = Math.min(end, fileSize);
  while (!movie && !failed && offset < limit) {
    const length = Math.min(CHUNK_BYTES, limit - offset);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    if (bytesRead === 0) break;
    const chunk = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) as ArrayBuffer & { fileStart: number };
    chunk.fileStart = offset;
    const next = mp4.appendBuffer(chunk);
    // mp4box answers with the next offset it needs; anything not after this chunk means "go on".
    offset = typeof next === 'number' && next > offset ? next : offset + bytesRead;
  }
  if (!movie) mp4.flush();
  return movie;
}

function summarize(movie: Movie): VideoInfo {
  const track = movie.videoTracks[0];
  const durationSeconds = movie.timescale > 0 ? Math.round((movie.duration / movie.timescale) * 1000) / 1000 : null;
  if (!track) return { width: null, height: null, durationSeconds };
  let width = track.video?.width ?? track.track_width;
  let height = track.video?.height ?? track.track_height;
  // A phone video is often stored landscape with a 90° display matrix: report what viewers see.
  if (isQuarterTurn(track.matrix)) [width, height] = [height, width];
  return { width: width || null, height: height || null, durationSeconds };
}

function isQuarterTurn(matrix: ArrayLike<number> | undefined): boolean {
  if (!matrix || matrix.length < 5) return false;
  const [a, b, , c, d] = Array.from(matrix);
  return a === 0 && d === 0 && b !== 0 && c !== 0;
}
