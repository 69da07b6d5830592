import { z } from 'zod';
import { runMediaTool } from './media-tools';
import type { VideoInfo } from './mp4-info';

const PROBE_TIMEOUT_MS = 20_000;

const ProbeOutput = z.object({
  streams: z
    .array(
      z
        .object({
          codec_type: z.string().optional(),
          width: z.number().optional(),
          height: z.number().optional(),
          duration: z.string().optional(),
          tags: z.record(z.string()).optional(),
          side_data_list: z.array(z.object({ rotation: z.number().optional() }).passthrough()).optional(),
        })
        .passthrough(),
    )
    .default([]),
  format: z.object({ duration: z.string().optional() }).passthrough().optional(),
});

/**
 * Duration and picture size as ffprobe reads them, for files mp4box cannot (an index too large to
 * parse in this process, or a layout it does not handle). ffprobe runs as a child process with a
 * time limit, so a hostile file costs at most that and never this process's memory.
 */
export async function readWithFfprobe(filePath: string): Promise<VideoInfo> {
  const stdout = await runMediaTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-i', filePath], {
    timeoutMs: PROBE_TIMEOUT_MS,
  });
  const output = ProbeOutput.parse(JSON.parse(stdout));
  const video = output.streams.find((stream) => stream.codec_type === 'video');
  const duration = Number(output.format?.duration ?? video?.duration);
  let width = video?.width ?? null;
  let height = video?.height ?? null;
  // Phones record landscape frames with a display rotation; report what viewers see.
  const rotation = video?.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? Number(video?.tags?.rotate ?? 0);
  if (Math.abs(rotation) % 180 === 90) [width, height] = [height, width];
  return { width: width || null, height: height || null, durationSeconds: Number.isFinite(duration) ? Math.round(duration * 1000) / 1000 : null };
}
