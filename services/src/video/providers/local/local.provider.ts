import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { moveFile } from '../../../storage/move-file';
import type { CatalogueEntry } from '../../catalogue/catalogue-entry';
import { ALL_SHAPES, type OptionSupport } from '@veo3/contracts/generation-options';
import {
  ProviderError,
  type ModelCheck,
  type ProviderInput,
  type ProviderParent,
  type ProviderStatus,
  type VideoProvider,
} from '../video-provider';
import { FfmpegError, runFfmpeg } from '../../ffmpeg.runner';
import { prepareEdit } from './edit.scene';
import { prepareExtension } from './extension.scene';
import { prepareImageScene, UnreadableImageError } from './image-mode.scene';
import { encodeArgs, sceneFrame, withOverlay } from './output-format';
import { copyParentVideo, ParentVideoError, readParentVideo } from './parent-video';
import { displayText } from './prompt-lettering';
import { referenceImagesLayer } from './reference-images.layer';
import { synthesizeSoundtrack } from './soundtrack.synth';
import { prepareTextScene } from './text-mode.scene';

export interface LocalVideoProviderOptions {
  /** A folder (under DATA_DIR) for renders in progress; created if missing. */
  workDir: string;
  /**
   * ffmpeg is killed after this long for an 8-second video, and proportionally longer for a longer
   * one (an extension re-encodes the whole video, up to 40 s); 10 min by default. A render takes a
   * few seconds on an idle machine, but a loaded one (renders of other processes, a CI run) can make
   * it many times slower, and a slow render is still worth finishing: a hung one is caught by renderStallMs.
   */
  renderTimeoutMs?: number;
  /** ffmpeg is killed when it reports no progress for this long; 60 s by default. */
  renderStallMs?: number;
  /** Renders at once; more wait their turn. Default: one per two CPU cores, as ffmpeg uses two threads. */
  maxConcurrentRenders?: number;
}

interface RenderJob {
  dir: string;
  output: string;
  status: ProviderStatus;
  finishedAt?: number;
}

const OUTPUT_FILE = 'video.mp4';
/** An edit's or extension's own copy of its parent's video, in the job's folder. */
const PARENT_FILE = 'parent.mp4';
/** The name tasks record as their provider model. */
export const LOCAL_MODEL = 'local-ffmpeg';
/** The length renderTimeoutMs is meant for. */
const TIMEOUT_SECONDS = 8;
/** Finished jobs (and leftover folders of earlier processes) are forgotten after this long. */
const KEEP_FINISHED_MS = 60 * 60 * 1000;

/** A job id as a folder name: ids that are not plain (uuid-like) are hashed, so none can climb out of workDir. */
function folderName(jobId: string): string {
  return /^[\w-]{1,80}$/.test(jobId) ? jobId : createHash('sha256').update(jobId).digest('hex').slice(0, 40);
}

/**
 * The default, embedded provider (ARCHITECTURE §6): renders a real H.264/AAC MP4 of the task's
 * length (any a catalogue model makes, up to 15 s) and shape (640×360, 854×480, 1280×720, 1920×1080 or
 * their portrait turns) in this process with the ffmpeg
 * of `@ffmpeg-installer/ffmpeg`, for every model, Omni included. Text mode animates the prompt over
 * a moving gradient; image mode gives the upload a slow Ken Burns zoom, dissolving into the last
 * frame when there is one; both get a synthesized soundtrack, and colours and music follow from
 * the prompt (colours and motion from the task's seed too). Reference images appear as framed
 * prints in a corner. A negative prompt is accepted, as Veo takes it, but has nothing to leave out
 * of these scenes.
 *
 * Edits relight the parent's own frames as the instruction says and letter it in; extensions hold
 * the parent's last picture for the added seconds, with music (and what happens next lettered in,
 * when the user said), and output the whole video.
 *
 * Jobs live in memory, keyed by the task id: after a restart `poll` reports the job lost and the
 * pipeline submits it again.
 */
export class LocalVideoProvider implements VideoProvider {
  readonly name = 'local' as const;
  readonly support: OptionSupport = { shapes: ALL_SHAPES, negativePrompt: true, lastFrame: true };
  private readonly workDir: string;
  private readonly timeoutMs: number;
  private readonly stallMs: number;
  private readonly maxConcurrent: number;
  private readonly jobs = new Map<string, RenderJob>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;

  constructor(options: LocalVideoProviderOptions) {
    this.workDir = options.workDir;
    this.timeoutMs = options.renderTimeoutMs ?? 10 * 60_000;
    this.stallMs = options.renderStallMs ?? 60_000;
    this.maxConcurrent = options.maxConcurrentRenders ?? Math.max(1, Math.floor(availableParallelism() / 2));
    mkdirSync(this.workDir, { recursive: true });
    void this.sweepLeftovers();
  }

  readonly editing = true;
  /** An extension letters what happens next over its added seconds. */
  readonly extendInstruction = true;

  /** Every model: the seed joins the prompt in choosing the scene's colours and motion. */
  takesSeed(): boolean {
    return true;
  }

  /** Always there: the renderer is part of this process. */
  async checkModels(models: readonly CatalogueEntry[], _withdrawn?: ReadonlySet<string>): Promise<ModelCheck> {
    return Object.fromEntries(models.map((entry) => [entry.id, { providerModel: LOCAL_MODEL }]));
  }

  /** Every model, in every shape and length the catalogue gives it, offline. */
  serves(): boolean {
    return true;
  }

  /** Any parent whose video file is here and reads as a video can be edited or extended. */
  async checkParent(parent: ProviderParent, kind: 'edit' | 'extend'): Promise<string | null> {
    try {
      await readParentVideo(parent.videoPath, kind);
      return null;
    } catch (error) {
      if (error instanceof ParentVideoError || error instanceof FfmpegError) return error.message;
      throw error;
    }
  }

  async submit(input: ProviderInput): Promise<string> {
    const jobId = input.taskId;
    // A repeated submit (say, after a lost lease) joins the render already under way or done.
    const existing = this.jobs.get(jobId);
    if (existing && existing.status.state !== 'failed') return jobId;
    const dir = join(this.workDir, folderName(jobId));
    const job: RenderJob = {
      dir,
      output: join(dir, OUTPUT_FILE),
      status: { state: 'running', message: 'Waiting for the renderer' },
    };
    // Registered before any await, so two submits of one task can never start two renders.
    this.jobs.set(jobId, job);
    try {
      // Start clean: an earlier attempt at this task may have left files behind.
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      // The parent's file is only lent for this call (the worker removes it), and the render comes later: keep a copy.
      const parent =
        input.kind !== 'generate' && input.parent
          ? {
              ...input.parent,
              videoPath: await copyParentVideo(input.parent.videoPath, join(dir, PARENT_FILE), input.kind),
            }
          : input.parent;
      void this.render(job, { ...input, parent });
    } catch (error) {
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      job.status = { state: 'failed', reason: failureReason(error) };
      job.finishedAt = Date.now();
    }
    await this.forgetOldJobs();
    return jobId;
  }

  /** Jobs are kept in memory by id; the job's description adds nothing here. */
  async poll(jobId: string): Promise<ProviderStatus> {
    return this.jobs.get(jobId)?.status ?? { state: 'lost' };
  }

  /** The render already holds the whole video (an extension's includes its parent). */
  async download(jobId: string, destination: string): Promise<void> {
    const job = this.jobs.get(jobId);
    if (job?.status.state !== 'succeeded') {
      // Retryable: the next step polls again, learns the job is lost, and submits it anew.
      throw new ProviderError(`local render ${jobId} has no finished video`, true);
    }
    await moveFile(job.output, destination);
    this.jobs.delete(jobId);
    await rm(job.dir, { recursive: true, force: true });
  }

  private async render(job: RenderJob, input: ProviderInput): Promise<void> {
    const report = (message: string) => {
      if (job.status.state !== 'running' || job.status.message === message) return;
      job.status = { state: 'running', message };
      try {
        input.onProgress?.(message);
      } catch {
        // A failing listener must not stop the render.
      }
    };
    await this.takeTurn();
    try {
      const seconds = input.durationSeconds;
      const args = await this.prepare(input, job, report);
      report('Rendering video… 0%');
      await runFfmpeg(args, {
        durationSeconds: seconds,
        timeoutMs: this.timeLimit(seconds),
        stallMs: this.stallMs,
        // In steps of 10 %: each message is a database write in the pipeline.
        onProgress: (fraction) => report(`Rendering video… ${Math.floor(fraction * 10) * 10}%`),
      });
      report('Finishing');
      await this.removeAllBut(job.dir, OUTPUT_FILE);
      job.status = { state: 'succeeded' };
    } catch (error) {
      await rm(job.dir, { recursive: true, force: true }).catch(() => undefined);
      job.status = { state: 'failed', reason: failureReason(error) };
    } finally {
      job.finishedAt = Date.now();
      this.endTurn();
    }
  }

  /** The ffmpeg arguments that render the task's video into `job.output`, with the files they read made in `job.dir`. */
  private async prepare(input: ProviderInput, job: RenderJob, report: (message: string) => void): Promise<string[]> {
    const seconds = input.durationSeconds;
    if (input.kind !== 'generate') {
      if (!input.parent) throw new ParentVideoError(`This ${input.kind} has no video to start from.`);
      report('Reading your video');
      const parent = await readParentVideo(input.parent.videoPath, input.kind);
      const common = {
        parentPath: input.parent.videoPath,
        parentHasAudio: parent.audio !== null,
        prompt: input.prompt,
        shape: input.shape,
        dir: job.dir,
        output: job.output,
      };
      if (input.kind === 'edit') {
        report('Changing the light');
        return prepareEdit({ ...common, instruction: input.instruction ?? '', seconds });
      }
      const addedSeconds = seconds - input.parent.durationSeconds;
      if (!(addedSeconds > 0)) throw new ParentVideoError('This extension adds no seconds to its video.');
      report('Continuing the scene');
      return prepareExtension({
        ...common,
        parentSeconds: input.parent.durationSeconds,
        addedSeconds,
        instruction: input.instruction,
        timeoutMs: this.timeoutMs,
      });
    }
    report(input.image ? 'Preparing your image' : 'Preparing the scene');
    const frame = sceneFrame(input.shape);
    let scene = input.image
      ? await prepareImageScene(
          input.image,
          input.lastFrame,
          input.prompt,
          { text: displayText(input.prompt, 100), placement: 'bottom' },
          job.dir,
          frame,
          seconds,
          input.seed,
        )
      : await prepareTextScene(input.prompt, job.dir, frame, seconds, input.seed);
    const references = await referenceImagesLayer(input.referenceImages, frame);
    if (references) {
      const path = join(job.dir, 'references.png');
      await writeFile(path, references);
      scene = withOverlay(scene, path, seconds);
    }
    report('Composing the soundtrack');
    const soundtrack = join(job.dir, 'soundtrack.wav');
    await writeFile(soundtrack, await synthesizeSoundtrack(input.prompt, seconds));
    return encodeArgs(scene, input.shape, soundtrack, job.output, seconds);
  }

  /** renderTimeoutMs for an 8-second video, proportionally more for a longer one. */
  private timeLimit(seconds: number): number {
    return this.timeoutMs * Math.max(1, seconds / TIMEOUT_SECONDS);
  }

  private async takeTurn(): Promise<void> {
    if (this.active < this.maxConcurrent) {
      this.active++;
      return;
    }
    // endTurn hands its place straight to the next in line, so `active` stays counted.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private endTurn(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  private async removeAllBut(dir: string, keep: string): Promise<void> {
    const names = await readdir(dir);
    await Promise.all(names.filter((name) => name !== keep).map((name) => rm(join(dir, name), { force: true })));
  }

  /** Finished jobs nobody downloaded: forget them and their files. */
  private async forgetOldJobs(): Promise<void> {
    const cutoff = Date.now() - KEEP_FINISHED_MS;
    for (const [jobId, job] of this.jobs) {
      if (job.finishedAt !== undefined && job.finishedAt < cutoff) {
        this.jobs.delete(jobId);
        await rm(job.dir, { recursive: true, force: true });
      }
    }
  }

  /**
   * Folders left by renders of an earlier process (cut short by a restart, or never downloaded).
   * Only old ones: other processes may share the folder, and their renders are young.
   */
  private async sweepLeftovers(): Promise<void> {
    const cutoff = Date.now() - KEEP_FINISHED_MS;
    const names = await readdir(this.workDir).catch(() => []);
    for (const name of names) {
      const path = join(this.workDir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(path, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}

function failureReason(error: unknown): string {
  if (error instanceof FfmpegError || error instanceof UnreadableImageError || error instanceof ParentVideoError) {
    return error.message;
  }
  return `Rendering failed: ${error instanceof Error ? error.message : String(error)}`;
}
