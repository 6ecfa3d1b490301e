import { writeFile } from 'node:fs/promises';
import { ALL_SHAPES, type OptionSupport } from '@veo3/contracts/generation-options';
import {
  ProviderError,
  type ModelCheck,
  type ProviderInput,
  type ProviderStatus,
  type VideoProvider,
} from '../../src/video/providers/video-provider';

/** A small valid-looking MP4 header; the pipeline copies bytes, it does not decode them. */
export const FAKE_VIDEO = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(2048, 7)]);

/**
 * A provider double driven by markers in the prompt: "[fail]", "[reject]", "[hang]", "[429]"
 * (submit is rate limited twice, then works); otherwise it runs for `runningPolls` polls and succeeds.
 */
export class ScriptedProvider implements VideoProvider {
  readonly name = 'kie' as const;
  support: OptionSupport = { shapes: ALL_SHAPES, negativePrompt: true, lastFrame: true };
  readonly submits: ProviderInput[] = [];
  private readonly polls = new Map<string, number>();
  private rateLimited = 0;

  constructor(private readonly runningPolls = 2) {}

  async checkModels(): Promise<ModelCheck> {
    return { veo3: { providerModel: 'scripted' }, 'veo3-fast-frames': { providerModel: 'scripted-fast' } };
  }

  async submit(input: ProviderInput): Promise<string> {
    if (input.prompt.includes('[429]') && this.rateLimited < 2) {
      this.rateLimited++;
      throw new ProviderError('429 Too Many Requests', true, 0);
    }
    this.submits.push(input);
    return `job-${input.taskId}`;
  }

  async poll(jobId: string): Promise<ProviderStatus> {
    const input = this.submits.find((s) => `job-${s.taskId}` === jobId);
    const prompt = input?.prompt ?? '';
    const count = (this.polls.get(jobId) ?? 0) + 1;
    this.polls.set(jobId, count);
    if (prompt.includes('[hang]')) return { state: 'running', message: 'Still thinking' };
    if (count <= this.runningPolls) return { state: 'running', message: `Rendering ${count}` };
    if (prompt.includes('[fail]')) return { state: 'failed', reason: 'The provider gave up' };
    if (prompt.includes('[reject]')) return { state: 'failed', reason: 'violates the content policy', rejected: true };
    return { state: 'succeeded' };
  }

  async download(_jobId: string, destination: string): Promise<void> {
    await writeFile(destination, FAKE_VIDEO);
  }
}
