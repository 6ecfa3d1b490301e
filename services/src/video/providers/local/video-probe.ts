import { spawn } from 'node:child_process';
import { ffmpegBinary } from '../../ffmpeg.runner';

/** What ffprobe would say of a media file: its length and first video and audio streams. */
export interface VideoProbe {
  seconds: number;
  video: { codec: string; pixelFormat: string; width: number; height: number } | null;
  /** The first audio stream's codec, or null when there is none. */
  audio: string | null;
}

/** How long a probe may take: it reads only the file's header. */
const PROBE_TIMEOUT_MS = 15_000;

/** Parses the stream summary that `ffmpeg -i <file>` prints to stderr. */
export function parseProbe(stderr: string): VideoProbe | null {
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr);
  if (!duration) return null;
  const video = /Stream #\S+: Video: (\w+).*?, (\w+)(?:\([^)]*\))?, (\d+)x(\d+)/.exec(stderr);
  const audio = /Stream #\S+: Audio: (\w+)/.exec(stderr);
  return {
    seconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
    video: video
      ? { codec: video[1]!, pixelFormat: video[2]!, width: Number(video[3]), height: Number(video[4]) }
      : null,
    audio: audio?.[1] ?? null,
  };
}

/**
 * Probes `file` with `ffmpeg -i` (the npm package ships no ffprobe); null when ffmpeg cannot read
 * it as media. ffmpeg exits non-zero here by design (no output given), so only its text counts.
 */
export function probeVideo(file: string): Promise<VideoProbe | null> {
  return new Promise((resolve, reject) => {
    let binary: string;
    try {
      binary = ffmpegBinary();
    } catch (error) {
      reject(error);
      return;
    }
    const child = spawn(binary, ['-hide_banner', '-nostdin', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // The summary comes first; an endless stream of warnings must not grow without bound.
      if (stderr.length < 64_000) stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(parseProbe(stderr));
    });
  });
}
