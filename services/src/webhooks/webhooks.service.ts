import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DELIVERIES_PAGE,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDelivery,
  type WebhookDeliveriesQuery,
  type WebhookEndpoint,
} from '@veo3/contracts/webhooks';
import type { AccountEraser } from '../account-deletion/account-eraser';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { TransactionRunner } from '../database/transaction-runner';
import type { SessionUser } from '../users/session-user';
import { UserRepository } from '../users/user.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { newDelivery } from './webhook-ids';
import { newWebhookSecret } from './webhook-signature';
import { checkEndpointUrl } from './webhook-url';
import { deliveryView, endpointView } from './webhook-views';
import { WebhookRepository } from './webhook.repository';
import { WebhookSendLimit } from './webhook-send-limit';
import { WebhooksErrorCode, WebhooksException } from './webhooks.exception';

/** How long the secret before a rotation keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

const notFound = () => new WebhooksException(WebhooksErrorCode.NotFound, 'Webhook endpoint not found.');

/** The account page's webhooks: the user's endpoints, their secrets, deliveries, replays and test events. */
@Injectable()
export class WebhooksService implements AccountEraser {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: TransactionRunner,
    private readonly repo: WebhookRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly users: UserRepository,
    private readonly sends: WebhookSendLimit,
  ) {}

  async list(user: SessionUser): Promise<WebhookEndpoint[]> {
    return (await this.repo.endpointsOf(user.id)).map(endpointView);
  }

  /** A new endpoint and its secret, shown this once; refused past MAX_WEBHOOK_ENDPOINTS (counted under a lock). */
  async create(user: SessionUser, body: CreateWebhookEndpointRequest) {
    const url = await checkEndpointUrl(body.url, this.config.webhooks.allowPrivateHosts);
    const row = {
      id: randomUUID(),
      userId: user.id,
      url,
      description: body.description ?? '',
      events: [...new Set(body.events)],
      secret: newWebhookSecret(),
      createdAt: new Date(),
    };
    await this.transactions.run(async (m) => {
      // Locked, so two requests at once cannot both pass the limit.
      await this.users.lockUser(m, user.id);
      if ((await this.repo.countOf(m, user.id)) >= MAX_WEBHOOK_ENDPOINTS)
        throw new WebhooksException(
          WebhooksErrorCode.TooMany,
          `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one to add another.`,
        );
      await this.repo.insertEndpoint(m, row);
    });
    return { endpoint: endpointView((await this.repo.findOwn(user.id, row.id))!), secret: row.secret };
  }

  /** Changes what the body names; enabling clears the site's reason and the failing streak, disabling gives up waiting deliveries. */
  async update(user: SessionUser, id: string, body: UpdateWebhookEndpointRequest): Promise<WebhookEndpoint> {
    const row = await this.own(user, id);
    const changes: Partial<WebhookEndpointEntity> = {};
    if (body.url !== undefined) changes.url = await checkEndpointUrl(body.url, this.config.webhooks.allowPrivateHosts);
    if (body.description !== undefined) changes.description = body.description;
    if (body.events !== undefined) changes.events = [...new Set(body.events)];
    if (body.enabled === true && !row.enabled)
      Object.assign(changes, { enabled: true, disabledReason: null, failingSince: null });
    if (body.enabled === false && row.enabled) Object.assign(changes, { enabled: false, disabledReason: null });
    if (Object.keys(changes).length) await this.repo.updateEndpoint(id, changes);
    if (changes.enabled === false) await this.repo.failPendingOf(id, 'the endpoint was disabled');
    return endpointView((await this.repo.findOwn(user.id, id))!);
  }

  async remove(user: SessionUser, id: string): Promise<void> {
    if (!(await this.transactions.run((m) => this.repo.deleteEndpoint(m, user.id, id)))) throw notFound();
  }

  /** A new secret, shown this once; the old one signs beside it for ROTATION_OVERLAP_MS. */
  async rotate(user: SessionUser, id: string, now = new Date()) {
    const row = await this.own(user, id);
    const secret = newWebhookSecret();
    const expiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS);
    await this.repo.updateEndpoint(id, { secret, previousSecret: row.secret, previousSecretExpiresAt: expiresAt });
    return {
      endpoint: endpointView((await this.repo.findOwn(user.id, id))!),
      secret,
      previous_secret_expires_at: expiresAt.toISOString(),
    };
  }

  /** A `webhook.test` event, sent once now (enabled or not); the delivery after the try. */
  async test(user: SessionUser, id: string): Promise<WebhookDelivery> {
    const endpoint = await this.own(user, id);
    await this.sends.take(user.id);
    const now = new Date();
    const row = newDelivery(endpoint, WEBHOOK_TEST_EVENT, { message: 'A test event from Veo 3 Studio.' }, now);
    await this.transactions.run((m) => this.repo.insertDeliveries(m, [row], now, false));
    return deliveryView((await this.dispatcher.attempt(row.id, 'manual', now))!);
  }

  async deliveries(user: SessionUser, id: string, { page }: WebhookDeliveriesQuery) {
    await this.own(user, id);
    const take = WEBHOOK_DELIVERIES_PAGE;
    const [rows, total] = await this.repo.pageOfEndpoint(id, (page - 1) * take, take);
    return { items: rows.map(deliveryView), total, page, pages: Math.ceil(total / take) };
  }

  /** The same payload and `webhook-id` sent again now; a 409 while it is being sent. */
  async replay(user: SessionUser, id: string): Promise<WebhookDelivery> {
    if (!(await this.repo.findOwnDelivery(user.id, id)))
      throw new WebhooksException(WebhooksErrorCode.DeliveryNotFound, 'Webhook delivery not found.');
    await this.sends.take(user.id);
    const after = await this.dispatcher.attempt(id, 'manual');
    if (!after)
      throw new WebhooksException(
        WebhooksErrorCode.DeliveryBusy,
        'This delivery is being sent right now. Try again in a moment.',
      );
    return deliveryView(after);
  }

  /** Account deletion: the user's endpoints (their secrets) and deliveries go. */
  async forgetUser(userId: string): Promise<void> {
    await this.repo.deleteAllOf(userId);
  }

  private async own(user: SessionUser, id: string): Promise<WebhookEndpointEntity> {
    const row = await this.repo.findOwn(user.id, id);
    if (!row) throw notFound();
    return row;
  }
}
