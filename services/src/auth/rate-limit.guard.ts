import { createHash } from 'node:crypto';
import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { MetricsService } from '../metrics/metrics.service';

/** The named limits (configured in AuthModule) and what a client that hits each is told. */
export const RATE_LIMIT_MESSAGES = {
  signin: 'Too many sign-in attempts. Please wait a minute and try again.',
  generate: 'Too many video requests. Please wait a minute and try again.',
  checkout: 'Too many checkout requests. Please wait a minute and try again.',
} as const;
export type RateLimitName = keyof typeof RATE_LIMIT_MESSAGES;

/** Limits counted per caller whatever route spends them: generate, edit and extend draw on one budget. */
const SHARED_LIMITS: ReadonlySet<string> = new Set<RateLimitName>(['generate']);

/**
 * ThrottlerGuard whose 429 names the limit that was hit and carries the standard Retry-After
 * (seconds). The library hands the refusal only a hashed key, so the limit's name leads the key.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  // A property: the base class's constructor takes the throttler's own injections.
  @Inject(MetricsService) private readonly metrics!: MetricsService;

  protected override generateKey(context: ExecutionContext, suffix: string, name: string): string {
    const key = SHARED_LIMITS.has(name)
      ? createHash('sha256').update(`${name}-${suffix}`).digest('hex')
      : super.generateKey(context, suffix, name);
    return `${name}:${key}`;
  }

  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const { res } = this.getRequestResponse(context);
    this.setResponseHeader(res, 'Retry-After', Math.max(1, detail.timeToBlockExpire));
    const name = detail.key.slice(0, detail.key.indexOf(':')) as RateLimitName;
    this.metrics.rateLimited(name);
    throw new ThrottlerException(RATE_LIMIT_MESSAGES[name]);
  }
}
