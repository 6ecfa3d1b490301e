import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { VIDEO_MODELS, type VideoModelId } from '@veo3/contracts/catalogue';
import type { AppConfig } from '../config/app-config';
import { maskSecrets } from '../common/mask-secrets';
import { APP_CONFIG } from '../config/config.module';
import { ProviderError, type ModelCheck, type ProviderFailure, type VideoProvider } from './providers/video-provider';
import { PROVIDER_CHECK_MESSAGES } from './task-failure';
import { VIDEO_PROVIDER } from './video.tokens';

/** After a check that could not reach the provider, the next one comes this soon (not a whole interval later). */
const RETRY_FAILED_CHECK_S = 30;

export type ModelTarget = { providerModel: string } | { providerModel: null; reason: string };

/** What /api/health says about video generation. */
export interface VideoHealth {
  provider: VideoProvider['name'];
  status: 'ok' | 'degraded';
  /** Why some model cannot be used (the first such reason), for operators; in our words only. */
  reason: string | null;
  checkedAt: string | null;
  /** The last check could not reach the provider (the result before it still stands); the provider's words are in the log. */
  lastError: { code: ProviderFailure; message: string } | null;
  models: Record<VideoModelId, { available: boolean; providerModel: string | null; reason: string | null }>;
}

/**
 * Which provider model serves each of our models (ARCHITECTURE §6: discovery, never constants).
 * The provider is asked at boot without holding boot up, again every VIDEO_MODEL_CHECK_S, and at
 * once when a task meets a model that has gone. While a model has no provider model, generation
 * with it is refused before any credit is taken, and /api/health reports video as degraded once a
 * generator tab (text or image) has no model left.
 */
@Injectable()
export class VideoAvailability implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(VideoAvailability.name);
  /** Provider models seen to fail as gone; left out until the next periodic check. */
  private readonly withdrawn = new Set<string>();
  private check: ModelCheck | null = null;
  private lastError: VideoHealth['lastError'] = null;
  private checkedAt: Date | null = null;
  // What health() answers until the next check or withdrawal changes it (every probe asks).
  private report: VideoHealth | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(VIDEO_PROVIDER) private readonly provider: VideoProvider,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: a provider that cannot be reached must not keep the rest of the site from serving.
    if (this.config.role !== 'web') void this.refresh();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Waits for the first check to have ended (it is bounded by the provider's request timeout). */
  async ready(): Promise<void> {
    if (!this.checkedAt) await this.refresh();
  }

  /** Asks the provider now; a call during a check makes one more check follow it. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.runCheck();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
      this.schedule();
    });
    return this.running;
  }

  /** The provider model to use for `model` now, or why there is none. */
  target(model: VideoModelId): ModelTarget {
    if (!this.check) {
      return {
        providerModel: null,
        reason: this.lastError?.message ?? `the ${this.provider.name} provider has not been checked yet`,
      };
    }
    return this.check[model];
  }

  /**
   * A task met `providerModel` gone (a 404, "no longer available"): it is left out from now on,
   * and the provider is asked again at once (with `auto`, another model may take over).
   */
  reportGone(providerModel: string): Promise<void> {
    this.withdrawn.add(providerModel);
    if (this.check) {
      for (const id of Object.keys(this.check) as VideoModelId[]) {
        if (this.check[id].providerModel === providerModel) {
          this.check[id] = { providerModel: null, reason: `${providerModel} answered that it is no longer available` };
        }
      }
      this.report = null;
    }
    return this.refresh();
  }

  health(): VideoHealth {
    return (this.report ??= this.buildReport());
  }

  private buildReport(): VideoHealth {
    const ids = Object.keys(VIDEO_MODELS) as VideoModelId[];
    const targets = ids.map((id) => [id, this.target(id)] as const);
    // A model the key does not serve is no outage while another serves its tab (an Omni-only Gemini
    // key, kie.ai without Omni): video is degraded when text or image generation has no model left.
    const serves = (mode: 'text' | 'image') =>
      targets.some(([id, t]) => t.providerModel !== null && [mode, 'both'].includes(VIDEO_MODELS[id].mode));
    const degraded = !serves('text') || !serves('image');
    const reason = degraded
      ? (targets.map(([, t]) => (t.providerModel === null ? t.reason : null)).find(Boolean) ?? null)
      : null;
    return {
      provider: this.provider.name,
      status: reason ? 'degraded' : 'ok',
      reason,
      checkedAt: this.checkedAt?.toISOString() ?? null,
      lastError: this.check ? this.lastError : null,
      models: Object.fromEntries(
        targets.map(([id, t]) => [
          id,
          {
            available: t.providerModel !== null,
            providerModel: t.providerModel,
            reason: t.providerModel === null ? t.reason : null,
          },
        ]),
      ) as VideoHealth['models'],
    };
  }

  private async runCheck(): Promise<void> {
    const before = this.health().reason;
    try {
      this.check = await this.provider.checkModels(this.withdrawn);
      this.lastError = null;
    } catch (error) {
      // A check that fails keeps the last good answer: only a provider never reached leaves no model known.
      const code = error instanceof ProviderError ? error.failure : 'provider_unavailable';
      const message = `could not ask the ${this.provider.name} provider for its models: ${PROVIDER_CHECK_MESSAGES[code]}`;
      this.lastError = { code, message };
      this.logger.warn(`${message} (${maskSecrets(error instanceof Error ? error.message : String(error))})`);
    }
    this.checkedAt = new Date();
    this.report = null;
    const after = this.health().reason;
    if (after && after !== before) this.logger.error(`video generation degraded: ${after}`);
    else if (!after && before) this.logger.log('video generation available again');
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.stopped || this.config.role === 'web') return;
    const seconds = this.check
      ? this.config.video.modelCheckSeconds
      : Math.min(RETRY_FAILED_CHECK_S, this.config.video.modelCheckSeconds);
    this.timer = setTimeout(() => {
      // A model that went away gets its chance again at each periodic check (kie.ai has no list to ask).
      this.withdrawn.clear();
      void this.refresh();
    }, seconds * 1000);
    this.timer.unref();
  }
}
