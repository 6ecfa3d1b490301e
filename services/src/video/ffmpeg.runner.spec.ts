import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FfmpegError, runFfmpeg } from './ffmpeg.runner';

describe('runFfmpeg', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ffmpeg-runner-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops a run that makes no progress (here: reading a pipe nobody writes) long before its time limit', async () => {
    const fifo = join(dir, 'never-written');
    execFileSync('mkfifo', [fifo]);
    const run = runFfmpeg(['-i', fifo, '-f', 'null', '-'], { durationSeconds: 1, timeoutMs: 600_000, stallMs: 300 });

    await expect(run).rejects.toThrow(new FfmpegError('Rendering made no progress for 0.3 s and was stopped'));
  });

  it('lets a run that keeps reporting progress go on past the stall limit', async () => {
    // About 1.5 s of real-time output: progress lines arrive every half second, so a 1 s stall limit never fires.
    const args = ['-re', '-f', 'lavfi', '-i', 'color=c=black:s=64x36:r=10:d=1.5', '-f', 'null', '-'];
    const fractions: number[] = [];

    await runFfmpeg(args, {
      durationSeconds: 1.5,
      timeoutMs: 600_000,
      stallMs: 1_000,
      onProgress: (fraction) => fractions.push(fraction),
    });
    expect(fractions.at(-1)).toBeCloseTo(1, 1);
  });
});
