import { open } from 'node:fs/promises';
import { createFile, type Movie } from 'mp4box';

export type Mp4Info = { width: number | null; height: number | null; durationSeconds: number | null };

const CHUNK_BYTES = 1024 * 1024;

/**
 * Reads duration and picture size from an MP4's `moov` box. The file is fed to mp4box in chunks
 * from the offsets it asks for, so the media data (`mdat`) is skipped rather than read: a 1 GB
 * video costs a few reads, never its size in memory.
 */
export async function readMp4Info(filePath: string): Promise<Mp4Info | null> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
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
    while (!movie && !failed && offset < size) {
      const length = Math.min(CHUNK_BYTES, size - offset);
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
    return movie ? summarize(movie) : null;
  } finally {
    await handle.close();
  }
}

function summarize(movie: Movie): Mp4Info {
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
