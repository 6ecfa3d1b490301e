import { readFile, rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { GoogleGenAI, GoogleGenAIInteraction, Interactions } from '@google/genai';
import { runFfmpeg } from '../../ffmpeg.runner';
import { outputCodecArgs } from '../local/output-format';
import { probeVideo } from '../local/video-probe';
import { fetchResult, saveVideo, type DownloadPolicy } from '../provider-download';
import type { ProviderImage, ProviderInput, ProviderJob, ProviderParent, ProviderStatus } from '../video-provider';
import { ModelUnavailableError, ProviderError } from '../video-provider';
import { inlineVideoStream } from './inline-video-extractor';

/*
 * Gemini Omni Flash through the Interactions API, as @google/genai 2.32 types it (genai.d.ts:
 * CreateModelInteraction, VideoResponseFormat_2 {type:'video', aspect_ratio, resolution, duration
 * (a string: "8s"), delivery 'inline'|'uri'}, WebhookConfig_2 {uris}, ImageContent/VideoContent
 * {type, data (base64), mime_type}) and as the guides describe it: POST /v1beta/interactions with
 * `background: true` answers at once with an id and status `in_progress`; GET
 * /v1beta/interactions/{id} ends `completed` with the video in a `model_output` step (the SDK
 * surfaces it as `output_video`), inline base64 or a URI; `previous_interaction_id` edits the
 * previous interaction's video; input videos are taken up to 10 s for an edit.
 *
 * Gemini Omni 1.2 Flash (Google's default video model since 5 Nov 2026) takes the same
 * response_format: `duration` from "3s" up to "15s", and `resolution` one of "360p", "720p",
 * "1080p", "4k" (the SDK's own VideoResponseFormat.resolution doc; Vercel's AI Gateway changelog
 * "Gemini Omni 1.2 Flash now available" sends `{type: 'video', resolution: '360p', duration: '3s'}`;
 * Runware's model page calls 360p its quick draft). There is no draft flag: the draft is the
 * resolution "360p", which our catalogue names the same and the generator calls "Draft".
 */

/** The longest video Omni edits (seconds). */
export const OMNI_MAX_EDIT_INPUT_SECONDS = 10;
/** A parent sent inline must fit the Gemini API's request size (20 MB) once base64-encoded. */
const MAX_INLINE_INPUT_BYTES = 14 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
const CONCAT_TIMEOUT_MS = 5 * 60_000;
const RUNNING = new Set(['queued', 'in_progress', 'requires_action', 'requires_continuation']);
/** How a refusal on content grounds is worded (errors, or the model's text in place of a video). */
const REFUSED = /safety|blocked|prohibited|policy|responsible ai|not allowed/i;
/** What an interaction says when its model was withdrawn while it ran. */
const GONE = /no longer (available|supported)|has been (retired|deprecated|shut ?down)|model.*not found/i;

/** The Gemini API answered 404 (the path's resource, or a resource the request names, does not exist). */
export class GeminiNotFoundError extends ProviderError {
  constructor(readonly detail: string) {
    super(`Veo 404: ${detail}`, false);
    this.name = 'GeminiNotFoundError';
  }
}

export interface OmniContext {
  ai: GoogleGenAI;
  apiKey: string;
  baseUrl: string;
  download: DownloadPolicy;
  /** Runs an SDK call, turning whatever it throws into a ProviderError. */
  call<T>(request: () => Promise<T>): Promise<T>;
  /** A non-2xx response as the ProviderError it stands for (429/5xx retryable, with the wait). */
  checked(url: string, response: Response): Promise<Response>;
}

type Content = Interactions.Content;

/** Our own pipeline retries with backoff: the SDK must not retry on its own as well. */
const NO_RETRIES = { retries: { strategy: 'none' } } as const;

/**
 * An extension's job id: its interaction id with this mark. The interaction's video may be the
 * added seconds only (we store it joined to its parent), so an edit of the version must send the
 * stored video rather than continue that interaction.
 */
const EXTENSION_MARK = '#extension';

/** Veo's job ids are operation names; Omni's are interaction ids. */
export function isInteractionId(jobId: string): boolean {
  return !jobId.includes('/operations/');
}

/** The interaction whose video is the whole of a version, so that an edit can continue it; null when there is none. */
function continuable(jobId: string | null): string | null {
  return jobId && isInteractionId(jobId) && !jobId.endsWith(EXTENSION_MARK) ? jobId : null;
}

function interactionOf(jobId: string): string {
  return jobId.endsWith(EXTENSION_MARK) ? jobId.slice(0, -EXTENSION_MARK.length) : jobId;
}

/** What an extension asks Omni for: the shot carried on, and what happens next when the user said. */
export function extensionText(seconds: number, instruction: string | null): string {
  const carryOn = `Continue this shot for ${seconds} more seconds: the same scene, camera, light and sound, picking up from its last frame.`;
  return instruction ? `${carryOn} What happens next: ${instruction}` : carryOn;
}

export class OmniInteractions {
  constructor(private readonly context: OmniContext) {}

  async submit(input: ProviderInput): Promise<string> {
    const { parent } = input;
    if (input.kind === 'edit' && parent) {
      const instruction = input.instruction ?? '';
      const previous = continuable(parent.jobId);
      if (previous) {
        try {
          return await this.create(input, instruction, previous);
        } catch (error) {
          // Google no longer holds the parent interaction: the parent video itself goes instead.
          if (!(error instanceof GeminiNotFoundError && error.detail.includes(previous))) throw error;
        }
      }
      return this.create(input, [await videoContent(parent), { type: 'text', text: instruction }]);
    }
    if (input.kind === 'extend' && parent) {
      const seconds = input.durationSeconds - parent.durationSeconds;
      const text = extensionText(seconds, input.instruction);
      const id = await this.create(input, [await videoContent(parent), { type: 'text', text }], undefined, seconds);
      return `${id}${EXTENSION_MARK}`;
    }
    return this.create(input, generationInput(input), undefined, input.durationSeconds);
  }

  async poll(jobId: string): Promise<ProviderStatus> {
    let interaction: GoogleGenAIInteraction;
    try {
      interaction = await this.get(jobId);
    } catch (error) {
      // Our own interaction unknown to Google: it was dropped, so the task is submitted again.
      if (error instanceof GeminiNotFoundError) return { state: 'lost' };
      throw error;
    }
    const { status } = interaction;
    if (status === 'completed') {
      if (hasVideo(interaction.output_video)) return { state: 'succeeded' };
      const text = interaction.output_text?.trim();
      return text && REFUSED.test(text)
        ? { state: 'failed', reason: text, rejected: true }
        : { state: 'failed', reason: text || 'Gemini Omni finished without a video' };
    }
    if (RUNNING.has(status)) return { state: 'running' };
    const reason =
      interaction.errors
        ?.map((e) => e.message)
        .filter(Boolean)
        .join(' ') || `Gemini Omni could not make the video (${status})`;
    const codes = interaction.errors?.map((e) => e.code ?? '').join(' ') ?? '';
    if (interaction.model && GONE.test(reason)) throw new ModelUnavailableError(interaction.model, reason);
    return REFUSED.test(`${codes} ${reason}`)
      ? { state: 'failed', reason, rejected: true }
      : { state: 'failed', reason };
  }

  async download(jobId: string, destination: string, job: ProviderJob): Promise<void> {
    const video = (await this.get(jobId)).output_video;
    if (!hasVideo(video)) throw new ProviderError('Gemini Omni has no finished video for this interaction', false);
    const extension = job.kind === 'extend' && job.parent;
    const target = extension ? `${destination}.clip` : destination;
    try {
      await (video.uri ? this.saveFromUri(video.uri, target) : this.saveInline(jobId, target));
      if (extension) await this.wholeVideo(job.parent!, target, destination, job.durationSeconds);
    } finally {
      if (extension) await rm(target, { force: true });
    }
  }

  async checkParent(parent: ProviderParent, kind: 'edit' | 'extend'): Promise<string | null> {
    if (kind === 'edit') {
      const previous = continuable(parent.jobId);
      if (previous && (await this.held(previous))) return null;
      if (parent.durationSeconds > OMNI_MAX_EDIT_INPUT_SECONDS) {
        return `This version is too long to edit (${Math.round(parent.durationSeconds)} s; edits take videos up to ${OMNI_MAX_EDIT_INPUT_SECONDS} s). Edit an earlier version instead.`;
      }
    }
    const size = await stat(parent.videoPath).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) return 'This version’s video file is missing, so it cannot be sent to Gemini Omni.';
    if (size > MAX_INLINE_INPUT_BYTES) {
      return `This version’s file is too large to send to Gemini Omni (${Math.ceil(size / 1024 / 1024)} MB; up to ${MAX_INLINE_INPUT_BYTES / 1024 / 1024} MB).`;
    }
    return null;
  }

  private async create(
    input: ProviderInput,
    content: string | Content[],
    previousInteractionId?: string,
    seconds?: number,
  ): Promise<string> {
    const request = () =>
      this.context.ai.interactions.create(
        {
          model: input.providerModel,
          input: content,
          background: true,
          response_format: {
            type: 'video',
            aspect_ratio: input.shape.aspectRatio,
            resolution: input.shape.resolution,
            // An edit keeps its parent's length; a generation or an extension asks for its own.
            ...(seconds ? { duration: `${seconds}s` } : {}),
            // A 10 s clip inline is megabytes of base64 in every poll's answer; a URI is fetched once.
            delivery: 'uri',
          },
          ...(previousInteractionId ? { previous_interaction_id: previousInteractionId } : {}),
          ...(input.seed !== null ? { generation_config: { seed: input.seed } } : {}),
          // It only wakes the worker, which then reads the interaction (as kie.ai's callbacks do).
          ...(input.callbackUrl ? { webhook_config: { uris: [input.callbackUrl] } } : {}),
        },
        NO_RETRIES,
      );
    let interaction: GoogleGenAIInteraction;
    try {
      interaction = await this.context.call(request);
    } catch (error) {
      // The one resource a create names besides its parent is the model: a 404 naming no parent means the model is gone.
      const parentGone =
        previousInteractionId && error instanceof GeminiNotFoundError && error.detail.includes(previousInteractionId);
      if (error instanceof GeminiNotFoundError && !parentGone) {
        throw new ModelUnavailableError(input.providerModel, error.detail);
      }
      throw error;
    }
    if (!interaction.id) throw new ProviderError('Gemini Omni returned an interaction without an id', false);
    return interaction.id;
  }

  private get(jobId: string): Promise<GoogleGenAIInteraction> {
    return this.context.call(() => this.context.ai.interactions.get(interactionOf(jobId), {}, NO_RETRIES));
  }

  /** Whether Google still holds the interaction (a 404: no longer). */
  private async held(jobId: string): Promise<boolean> {
    try {
      await this.get(jobId);
      return true;
    } catch (error) {
      if (error instanceof GeminiNotFoundError) return false;
      throw error;
    }
  }

  private async saveFromUri(uri: string, destination: string): Promise<void> {
    // The key goes to the API's own origin only, never to a storage host a redirect leads to.
    const apiOrigin = new URL(this.context.baseUrl).origin;
    const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
    const response = await fetchResult('Gemini Omni', uri, this.context.download, (url) => ({
      headers: url.origin === apiOrigin ? { 'x-goog-api-key': this.context.apiKey } : undefined,
      signal,
    }));
    await saveVideo(
      'Gemini Omni',
      await this.context.checked(response.url || uri, response),
      destination,
      this.context.download.maxBytes,
    );
  }

  /** The interaction read again with our own fetch, its base64 video decoded to the file as it arrives. */
  private async saveInline(jobId: string, destination: string): Promise<void> {
    const url = `${this.context.baseUrl.replace(/\/+$/, '')}/v1beta/interactions/${encodeURIComponent(interactionOf(jobId))}`;
    const response = await fetchResult('Gemini Omni', url, this.context.download, () => ({
      headers: { 'x-goog-api-key': this.context.apiKey },
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    }));
    const body = (await this.context.checked(url, response)).body;
    if (!body) throw new ProviderError('Gemini Omni: the interaction had no body', true, undefined, 'download_failed');
    const decoded = Readable.fromWeb(body as NodeReadableStream<Uint8Array>).pipe(
      inlineVideoStream(
        () =>
          new ProviderError('Gemini Omni: the interaction holds no complete video', true, undefined, 'download_failed'),
      ),
    );
    await saveVideo(
      'Gemini Omni',
      new Response(Readable.toWeb(decoded) as ReadableStream<Uint8Array>),
      destination,
      this.context.download.maxBytes,
    );
  }

  /**
   * An extension's result may be the added seconds only: then the parent and the clip are joined
   * (re-encoded into one format, the clip scaled to the parent's frame) so the version holds the whole video.
   */
  private async wholeVideo(parent: ProviderParent, clip: string, destination: string, seconds: number) {
    const probe = await probeVideo(clip);
    if (!probe?.video) throw new ProviderError('Gemini Omni: the extension is not a readable video', false);
    if (probe.seconds >= seconds - 1) return rename(clip, destination);
    const first = await probeVideo(parent.videoPath);
    if (!first?.video) throw new ProviderError('Gemini Omni: the parent video cannot be read to extend it', false);
    const { width, height } = first.video;
    const picture = `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=24,format=yuv420p`;
    const sound = (index: number, has: boolean, length: number) =>
      has
        ? `[${index}:a]aresample=48000,aformat=channel_layouts=stereo[a${index}]`
        : `anullsrc=r=48000:cl=stereo,atrim=duration=${length}[a${index}]`;
    const graph = [
      `[0:v]${picture}[v0]`,
      `[1:v]${picture}[v1]`,
      sound(0, first.audio !== null, first.seconds),
      sound(1, probe.audio !== null, probe.seconds),
      '[v0][a0][v1][a1]concat=n=2:v=1:a=1[v][a]',
    ].join(';');
    try {
      await runFfmpeg(
        [
          '-i',
          parent.videoPath,
          '-i',
          clip,
          '-filter_complex',
          graph,
          '-map',
          '[v]',
          '-map',
          '[a]',
          // The destination is a temporary name without .mp4.
          '-f',
          'mp4',
          ...outputCodecArgs(first.seconds + probe.seconds, destination),
        ],
        { durationSeconds: first.seconds + probe.seconds, timeoutMs: CONCAT_TIMEOUT_MS },
      );
    } catch (error) {
      throw new ProviderError(
        `Gemini Omni: joining the extension to its video failed (${error instanceof Error ? error.message : String(error)})`,
        false,
      );
    }
  }
}

function hasVideo(video: Interactions.VideoContent | undefined): video is Interactions.VideoContent {
  return Boolean(video && (video.uri || video.data !== undefined));
}

/** The prompt, with the first frame and the reference images labelled so the model knows which is which. */
function generationInput(input: ProviderInput): string | Content[] {
  const prompt = input.negativePrompt ? `${input.prompt}\n\nAvoid: ${input.negativePrompt}` : input.prompt;
  if (!input.image && !input.referenceImages.length) return prompt;
  const content: Content[] = [];
  if (input.image) content.push({ type: 'text', text: 'First frame of the video:' }, imageContent(input.image));
  input.referenceImages.forEach((image, index) => {
    content.push(
      { type: 'text', text: `Reference image ${index + 1}: carry what it shows (character or product) into the shot.` },
      imageContent(image),
    );
  });
  content.push({ type: 'text', text: prompt });
  return content;
}

function imageContent(image: ProviderImage): Content {
  return { type: 'image', data: image.data.toString('base64'), mime_type: image.mimeType };
}

async function videoContent(parent: ProviderParent): Promise<Content> {
  return { type: 'video', data: (await readFile(parent.videoPath)).toString('base64'), mime_type: 'video/mp4' };
}
