import type { StripeWebhookReply } from '@veo3/contracts/billing';
import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { BodyLimit } from '../http/body-limit';
import { StripeWebhookService } from './stripe-webhook.service';

@Controller('api/stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  /**
   * Stripe signs the exact bytes it sent, so the signature is checked on the raw body. An event
   * (an invoice with many lines, say) can pass the 100 KB JSON limit; refusing one would lose it.
   */
  @Post('webhook')
  @HttpCode(200)
  @BodyLimit(1024 * 1024)
  @ApiExcludeEndpoint()
  handle(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<StripeWebhookReply> {
    return this.webhooks.handle(request.rawBody, signature);
  }
}
