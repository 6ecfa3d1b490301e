import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { modelTabs, type ProviderName } from '@veo3/contracts/model-catalogue';
import type { AppConfig } from '../config/app-config';
import { maskSecrets } from '../common/mask-secrets';
import { APP_CONFIG } from '../config/config.module';
import type { CatalogueEntry } from './catalogue/catalogue-entry';
import { ModelCatalogue } from './catalogue/model-catalogue';
import {
  ProviderError,
  type ModelCheck,
  type ModelTarget,
  type ProviderFailure,
  type VideoProvider,
} from './providers/video-provider';
import { VideoProviders } from './providers/video-providers';
import { PROVIDER_CHECK_MESSAGES } from './task-failure';

/** After a check that could not reach the provider, the next one comes this soon (not a whole interval later). */
const RETRY_FAILED_CHECK_S = 30;

/** Who serves a model now: the provider and its model, or why nobody does. */
export type ServingTarget =
  { provider: VideoProvider; providerModel: string } | { provider: null; providerModel: null; reason: string };

type LastError = { code: ProviderFailure; message: string } | null;

/** What /api/health says about video generation. */
export interface VideoHealth {
  /** The first provider serving (before several served at once, the one). */
  provider: ProviderName;
  providers: { name: ProviderName; checkedAt: string | null; lastError: LastError }[];
  status: 'ok' | 'degraded';
  /** Why some model cannot be used (the first such reason), for operators; in our words only. */
  reason: string | null;
  checkedAt: string | null;
  /** The last check could not reach a provider (the result before it still stands); the provider's words are in the log. */
  lastError: LastError;
  models: Record<string, { available: boolean; providerModel: string | null; reason: string | null }>;
}

/** One provider's last check. */
interface ProviderState {
  check: ModelCheck | null;
  lastError: LastError;
  checkedAt: Date | null;
  /** Provider models seen to fail as gone; left out until the next periodic check. */
  withdrawn: Set<string>;
  /** Until when (ms) the provider is taken to be down after a job it could not take at all. */
  downUntil: number;
}

/**
 * Which provider, and which of its models, serves each catalogue model (ARCHITECTURE §6: discovery,
 * never constants). Every provider is asked at boot without holding boot up, again every
 * VIDEO_MODEL_CHECK_S, and at once when a task meets a model that has gone. While a model has no
 * provider model, generation with it is refused before any credit is taken, and /api/health reports
 * video as degraded once a generator tab (text or image) has no model left.
 */
@Injectable()
export class VideoAvailability implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(VideoAvailability.name);
  private readonly states = new Map<ProviderName, ProviderState>();
  // What health() answers until the next check or withdrawal changes it (every probe asks).
  private report: VideoHealth | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly providers: VideoProviders,
    private readonly catalogue: ModelCatalogue,
  ) {
    for (const provider of providers.list) {
      this.states.set(provider.name, {
        check: null,
        lastError: null,
        checkedAt: null,
        withdrawn: new Set(),
        downUntil: 0,
      });
    }
  }

  onApplicationBootstrap(): void {
    // Not awaited: a provider that cannot be reached must not keep the rest of the site from serving.
    if (this.config.role !== 'web') void this.refresh();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Waits for the first check to have ended (it is bounded by the providers' request timeouts). */
  async ready(): Promise<void> {
    if ([...this.states.values()].some((state) => !state.checkedAt)) await this.refresh();
  }

  /** Asks every provider now; a call during a check makes one more check follow it. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.runChecks();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
      this.schedule();
    });
    return this.running;
  }

  /** Whether any provider here may serve `entry` (else the model is not offered at all). */
  offered(entry: CatalogueEntry): boolean {
    return this.providers.candidates(entry).length > 0;
  }

  /** The provider and provider model to use for `model` now, or why there is none. */
  target(model: string): ServingTarget {
    const entry = this.catalogue.find(model);
    if (!entry) return { provider: null, providerModel: null, reason: `${model} is not in the catalogue` };
    const candidates = this.providers.candidates(entry);
    let reason = `no provider here serves ${entry.name}`;
    for (const [i, provider] of candidates.entries()) {
      const found = this.targetAt(provider, model);
      if (found.providerModel !== null) return { provider, providerModel: found.providerModel };
      if (i === 0) reason = found.reason;
    }
    return { provider: null, providerModel: null, reason };
  }

  /**
   * A task met `providerModel` of `provider` gone (a 404, "no longer available"): it is left out
   * from now on, and the providers are asked again at once (with `auto`, another model may take over).
   */
  reportGone(provider: ProviderName, providerModel: string): Promise<void> {
    const state = this.states.get(provider);
    if (state) {
      state.withdrawn.add(providerModel);
      for (const [id, target] of Object.entries(state.check ?? {})) {
        if (target?.providerModel === providerModel) {
          state.check![id] = {
            providerModel: null,
            reason: `${providerModel} answered that it is no longer available`,
          };
        }
      }
      this.report = null;
    }
    return this.refresh();
  }

  /**
   * A job `provider` could not take after all its retries (unreachable, 5xx, timeouts): its models
   * are refused before any charge for RETRY_FAILED_CHECK_S, then the next job tries it again. For
   * providers without a model list to ask (kie.ai, fal.ai) this is how an outage is seen.
   */
  reportOutage(provider: ProviderName): void {
    const state = this.states.get(provider);
    if (!state) return;
    state.downUntil = Date.now() + RETRY_FAILED_CHECK_S * 1000;
    this.report = null;
    this.logger.error(
      `the ${provider} provider could not take a job after every retry: its models pause for ${RETRY_FAILED_CHECK_S} s`,
    );
  }

  health(): VideoHealth {
    for (const state of this.states.values()) {
      if (state.downUntil && state.downUntil <= Date.now()) {
        state.downUntil = 0;
        this.report = null;
      }
    }
    return (this.report ??= this.buildReport());
  }

  private targetAt(provider: VideoProvider, model: string): ModelTarget {
    const state = this.states.get(provider.name)!;
    if (state.downUntil > Date.now()) {
      return { providerModel: null, reason: `the ${provider.name} provider is not taking jobs right now` };
    }
    if (!state.check) {
      return {
        providerModel: null,
        reason: state.lastError?.message ?? `the ${provider.name} provider has not been checked yet`,
      };
    }
    return (
      state.check[model] ?? { providerModel: null, reason: `the ${provider.name} provider does not serve ${model}` }
    );
  }

  private buildReport(): VideoHealth {
    const entries = this.catalogue.all().filter((entry) => this.offered(entry));
    const targets = entries.map((entry) => [entry, this.target(entry.id)] as const);
    // A model no provider serves now is no outage while another serves its tab (an Omni-only Gemini
    // key, a vendor down): video is degraded when text or image generation has no model left.
    const serves = (tab: 'text' | 'image') =>
      targets.some(([entry, t]) => t.providerModel !== null && modelTabs(entry).includes(tab));
    const degraded = !serves('text') || !serves('image');
    const reason = degraded
      ? (targets.map(([, t]) => (t.providerModel === null ? t.reason : null)).find(Boolean) ??
        'no model serves text or image generation')
      : null;
    const states = [...this.states.entries()];
    const checked = states.map(([, state]) => state.checkedAt);
    return {
      provider: this.config.video.provider,
      providers: states.map(([name, state]) => ({
        name,
        checkedAt: state.checkedAt?.toISOString() ?? null,
        lastError: state.check ? state.lastError : null,
      })),
      status: reason ? 'degraded' : 'ok',
      reason,
      // The oldest of the providers' last checks: null until each has been asked once.
      checkedAt: checked.includes(null)
        ? null
        : new Date(Math.min(...checked.map((date) => date!.getTime()))).toISOString(),
      lastError: states.map(([, state]) => (state.check ? state.lastError : null)).find(Boolean) ?? null,
      models: Object.fromEntries(
        targets.map(([entry, t]) => [
          entry.id,
          {
            available: t.providerModel !== null,
            providerModel: t.providerModel,
            reason: t.providerModel === null ? t.reason : null,
          },
        ]),
      ),
    };
  }

  private async runChecks(): Promise<void> {
    const before = this.health().reason;
    await Promise.all(this.providers.list.map((provider) => this.runCheck(provider)));
    this.report = null;
    const after = this.health().reason;
    if (after && after !== before) this.logger.error(`video generation degraded: ${after}`);
    else if (!after && before) this.logger.log('video generation available again');
  }

  private async runCheck(provider: VideoProvider): Promise<void> {
    const state = this.states.get(provider.name)!;
    const models = this.catalogue.all().filter((entry) => this.providers.candidates(entry).includes(provider));
    try {
      state.check = await provider.checkModels(models, state.withdrawn);
      state.lastError = null;
    } catch (error) {
      // A check that fails keeps the last good answer: only a provider never reached leaves no model known.
      const code = error instanceof ProviderError ? error.failure : 'provider_unavailable';
      const message = `could not ask the ${provider.name} provider for its models: ${PROVIDER_CHECK_MESSAGES[code]}`;
      state.lastError = { code, message };
      this.logger.warn(`${message} (${maskSecrets(error instanceof Error ? error.message : String(error))})`);
    }
    state.checkedAt = new Date();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.stopped || this.config.role === 'web') return;
    const unchecked = [...this.states.values()].some((state) => !state.check);
    const seconds = unchecked
      ? Math.min(RETRY_FAILED_CHECK_S, this.config.video.modelCheckSeconds)
      : this.config.video.modelCheckSeconds;
    this.timer = setTimeout(() => {
      // A model that went away gets its chance again at each periodic check (kie.ai has no list to ask).
      for (const state of this.states.values()) state.withdrawn.clear();
      void this.refresh();
    }, seconds * 1000);
    this.timer.unref();
  }
}
