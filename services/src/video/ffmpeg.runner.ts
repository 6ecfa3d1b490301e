import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** ffmpeg failed or was stopped; `message` is the reason shown to the user. */
export class FfmpegError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FfmpegError';
  }
}

let ffmpegPath: string | undefined;

/** Boot: the configured ffmpeg (FFMPEG_PATH) in place of the bundled one; null keeps the bundled one. */
export function useFfmpegBinary(path: string | null): void {
  ffmpegPath = path ?? undefined;
}

/**
 * The ffmpeg binary of `@ffmpeg-installer/ffmpeg`, looked up on first use: the package throws on
 * a platform it has no binary for, and that should fail a render, not the whole service's boot.
 */
export function ffmpegBinary(): string {
  if (ffmpegPath) return ffmpegPath;
  try {
    ffmpegPath = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch (error) {
    throw new FfmpegError(
      `ffmpeg is not available on this server (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return ffmpegPath;
}

export interface FfmpegRunOptions {
  /** Length of the output, to turn ffmpeg's reported position into a fraction. */
  durationSeconds: number;
  /** ffmpeg is killed after this long. */
  timeoutMs: number;
  /**
   * ffmpeg is also killed when it reports no progress for this long: a hung run ends soon, while a
   * run that is merely slow (a loaded machine) goes on up to `timeoutMs`.
   */
  stallMs?: number;
  /** Called with the fraction done (0–1) as ffmpeg reports progress. */
  onProgress?: (fraction: number) => void;
}

/**
 * Runs ffmpeg with an argument array (no shell, so nothing in the arguments is ever interpreted)
 * and resolves when it exits 0. Progress comes from `-progress pipe:1`; on failure the error
 * carries ffmpeg's last line on stderr, which with `-loglevel error` is the error itself.
 */
export function runFfmpeg(args: string[], options: FfmpegRunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegBinary(),
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let lastError = '';
    let stopped: string | null = null;
    const stop = (reason: string) => {
      stopped = reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(`Rendering took longer than ${options.timeoutMs / 1000} s and was stopped`),
      options.timeoutMs,
    );
    const { stallMs } = options;
    let stallTimer: NodeJS.Timeout | undefined;
    const watchStall = () => {
      if (stallMs === undefined) return;
      clearTimeout(stallTimer);
      stallTimer = setTimeout(
        () => stop(`Rendering made no progress for ${stallMs / 1000} s and was stopped`),
        stallMs,
      );
    };
    watchStall();

    createInterface({ input: child.stdout }).on('line', (line) => {
      watchStall();
      // `out_time_ms` is in microseconds despite its name (newer ffmpeg adds `out_time_us`).
      const match = /^out_time_(?:ms|us)=(\d+)$/.exec(line);
      if (match) options.onProgress?.(Math.min(1, Number(match[1]) / 1e6 / options.durationSeconds));
    });
    createInterface({ input: child.stderr }).on('line', (line) => {
      // "Conversion failed!" always closes a failed run and says nothing; keep the line before it.
      if (line.trim() && line.trim() !== 'Conversion failed!') lastError = line.trim();
    });

    child.on('error', (error) => {
      clearTimeout(timer);
      clearTimeout(stallTimer);
      reject(new FfmpegError(`ffmpeg could not be started (${error.message})`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(stallTimer);
      if (stopped) reject(new FfmpegError(stopped));
      else if (code === 0) resolve();
      else
        reject(new FfmpegError(`Rendering failed: ${lastError || `ffmpeg exited with ${signal ?? `code ${code}`}`}`));
    });
  });
}
