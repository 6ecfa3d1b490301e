import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_PROMOTIONS_PAGE_SIZE,
  type AdminPromotion,
  type AdminPromotionsQuery,
  type AdminPromotionsReply,
  type CreatePromotionBody,
} from '@veo3/contracts/promotions';
import { auditedBy, type AdminActor } from '../admin/admin-actor';
import { AuditLogService } from '../audit/audit-log.service';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { isUniqueViolation } from '../database/transaction';
import { TransactionRunner } from '../database/transaction-runner';
import type { PromoCodeEntity } from './promo-code.entity';
import { promoCodeState } from './promo-terms';
import { PromotionErrorCode, PromotionException } from './promotions.exception';
import { PromotionsRepository } from './promotions.repository';

export function toAdminPromotion(row: PromoCodeEntity, now = new Date()): AdminPromotion {
  return {
    id: row.id,
    code: row.code,
    percent_off: row.percentOff,
    amount_off_cents: row.amountOffCents,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_redemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    state: promoCodeState(row, now),
  };
}

/** What a code's audit row says of it. */
const auditedTerms = (p: AdminPromotion) => ({
  code: p.code,
  percent_off: p.percent_off,
  amount_off_cents: p.amount_off_cents,
  expires_at: p.expires_at,
  max_redemptions: p.max_redemptions,
  redemptions: p.redemptions,
  state: p.state,
});

/** The console's Promotions section: codes listed, created and disabled, each change with its audit row in its transaction. */
@Injectable()
export class PromotionsAdminService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rows: PromotionsRepository,
    private readonly audit: AuditLogService,
    private readonly transactions: TransactionRunner,
  ) {}

  async list(query: AdminPromotionsQuery): Promise<AdminPromotionsReply['data']> {
    const size = ADMIN_PROMOTIONS_PAGE_SIZE;
    const [rows, total] = await this.rows.page((query.page - 1) * size, size);
    const now = new Date();
    return {
      items: rows.map((row) => toAdminPromotion(row, now)),
      page: query.page,
      page_size: size,
      total,
      stripe_configured: Boolean(this.config.stripe),
    };
  }

  async create(actor: AdminActor, body: CreatePromotionBody): Promise<AdminPromotion> {
    const id = randomUUID();
    try {
      await this.transactions.run(async (m) => {
        await this.rows.insertCode(m, {
          id,
          code: body.code,
          percentOff: body.percent_off ?? null,
          amountOffCents: body.amount_off_cents ?? null,
          expiresAt: body.expires_at ? new Date(body.expires_at) : null,
          maxRedemptions: body.max_redemptions ?? null,
          createdBy: actor.id,
        });
        const created = toAdminPromotion((await this.rows.findById(id, m))!);
        await this.audit.record(m, {
          ...auditedBy(actor, body.reason),
          action: 'promotion.create',
          targetType: 'promotion',
          targetId: id,
          before: null,
          after: auditedTerms(created),
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new PromotionException(PromotionErrorCode.CodeTaken, `The code ${body.code} exists already.`);
    }
    return toAdminPromotion((await this.rows.findById(id))!);
  }

  /** Disables a code: it can no longer be applied, nor paid with where it was applied. Disabling it again changes nothing. */
  async disable(actor: AdminActor, id: string, reason: string): Promise<AdminPromotion> {
    await this.transactions.run(async (m) => {
      const code = await this.rows.findById(id, m);
      if (!code) throw new PromotionException(PromotionErrorCode.NotFound, 'This promotion code does not exist.');
      if (!(await this.rows.disable(m, id, new Date()))) return;
      await this.audit.record(m, {
        ...auditedBy(actor, reason),
        action: 'promotion.disable',
        targetType: 'promotion',
        targetId: id,
        before: auditedTerms(toAdminPromotion(code)),
        after: auditedTerms(toAdminPromotion((await this.rows.findById(id, m))!)),
      });
    });
    return toAdminPromotion((await this.rows.findById(id))!);
  }
}
