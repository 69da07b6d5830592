import { execFile } from 'node:child_process';
import os from 'node:os';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';
import pLimit from 'p-limit';

/** The ffmpeg and ffprobe binaries the registry packages ship (no system install needed). */
export const MEDIA_TOOLS = { ffmpeg: ffmpeg.path, ffprobe: ffprobe.path } as const;
export const FFMPEG_VERSION = String(ffmpeg.version);

export class MediaToolError extends Error {
  constructor(
    readonly tool: keyof typeof MEDIA_TOOLS,
    readonly reason: 'timeout' | 'failed',
    readonly detail: string,
  ) {
    super(`${tool} ${reason === 'timeout' ? 'took too long' : 'failed'}: ${detail}`);
  }
}

/**
 * Decoders are CPU-bound: a burst of video uploads waits its turn instead of starting dozens of
 * ffmpeg processes that would starve the API on the same cores.
 */
const gate = pLimit(Math.max(2, os.availableParallelism()));

/**
 * Runs ffmpeg or ffprobe on files this process chose: arguments go straight to the binary (no
 * shell, so no quoting or injection), and a hard timeout kills a decoder stuck on a hostile file.
 */
export function runMediaTool(tool: keyof typeof MEDIA_TOOLS, args: string[], options: { timeoutMs: number }): Promise<string> {
  return gate(() => run(tool, args, { ...options, maxBytes: 8 * 1024 * 1024 }).then((stdout) => stdout.toString('utf8')));
}

/**
 * The same, for a tool that writes its result to stdout (`pipe:1`). Files are better written by
 * this process: ffmpeg's image muxer ignores write errors, so on a full disk it exits 0 and
 * leaves an empty file where an `ENOSPC` should have been.
 */
export function runMediaToolForBytes(tool: keyof typeof MEDIA_TOOLS, args: string[], options: { timeoutMs: number; maxBytes: number }): Promise<Buffer> {
  return gate(() => run(tool, args, options));
}

function run(tool: keyof typeof MEDIA_TOOLS, args: string[], options: { timeoutMs: number; maxBytes: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      MEDIA_TOOLS[tool],
      args,
      { timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: options.maxBytes, windowsHide: true, encoding: 'buffer' },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const timedOut = (error as { killed?: boolean }).killed === true;
        // The last line of stderr is the decoder's own explanation; the rest is noise to a client.
        const detail = timedOut
          ? `no result within ${options.timeoutMs / 1000} s`
          : (stderr.toString('utf8').trim().split('\n').filter(Boolean).pop() ?? `exit code ${String(error.code)}`);
        reject(new MediaToolError(tool, timedOut ? 'timeout' : 'failed', withoutPaths(detail, args).slice(0, 300)));
      },
    );
  });
}

/** Server paths are nobody else's business: "/data/uploads/.scratch/x: Invalid data" becomes "Invalid data". */
function withoutPaths(detail: string, args: string[]): string {
  let clean = detail;
  for (const arg of args.filter((value) => value.startsWith('/'))) clean = clean.replaceAll(`${arg}: `, '').replaceAll(arg, 'the file');
  return clean;
}
