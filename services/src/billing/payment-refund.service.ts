import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditLogService, type AuditRecord } from '../audit/audit-log.service';
import { CreditsService } from '../credits/credits.service';
import { isDeadlock, isUniqueViolation } from '../database/transaction';
import { TransactionRunner } from '../database/transaction-runner';
import { BillingErrorCode, BillingException } from './billing.exception';
import { BillingRepository } from './billing.repository';
import type { PaymentEntity, PaymentStatus } from './payment.entity';
import type { ChargeSnapshot } from './stripe.gateway';

/**
 * A refund names how much of the payment has been refunded in all so far (Stripe's
 * `amount_refunded`, in the payment's own cents); a dispute (chargeback) reverses all of it.
 */
export type PaymentReversal = { reason: 'refund'; refundedCents: number } | { reason: 'dispute' };

/** Who the audit trail names for a take-back: Stripe (a webhook) or the admin who refunded in the console. */
export type ReversalAudit = Pick<AuditRecord, 'actorType' | 'actorId' | 'actorEmail' | 'reason' | 'requestId'>;

export interface ReversalResult {
  payment: PaymentEntity;
  /** Credits taken back by this call: 0 for a replay, or when nothing was left to take. */
  creditsTaken: number;
}

/** A charge's refunded amount in the payment's own cents: the charge can differ from the catalogue price (tax, discounts). */
export const refundedCentsOf = (p: Pick<PaymentEntity, 'amountCents'>, charge: ChargeSnapshot) =>
  charge.refundedCents >= charge.amountCents
    ? p.amountCents
    : Math.floor((p.amountCents * charge.refundedCents) / charge.amountCents);

const auditedFields = (p: PaymentEntity) => ({
  status: p.status,
  refunded_cents: p.refundedCents,
  credits_reclaimed: p.creditsReclaimed,
});

/** The payment's credits in proportion to `cents` of it, rounded down: never more than the refunded share. */
const creditsFor = (p: PaymentEntity, cents: number) =>
  cents >= p.amountCents ? p.credits : Math.floor((p.credits * cents) / p.amountCents);

function statusAfter(p: PaymentEntity, reversal: PaymentReversal, refundedCents: number): PaymentStatus {
  if (reversal.reason === 'dispute' || p.status === 'disputed') return 'disputed';
  if (refundedCents >= p.amountCents) return 'refunded';
  return refundedCents > 0 ? 'partially_refunded' : p.status;
}

/** Another reversal of the same payment committed between our read and our update. */
class LostRace extends Error {}

/**
 * Money going back takes its credits with it. The one domain function for that: Stripe's refunds and
 * disputes call it from the webhook, and an admin console can call it for its own refunds.
 */
@Injectable()
export class PaymentRefundService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly credits: CreditsService,
    private readonly rows: BillingRepository,
    private readonly audit: AuditLogService,
  ) {}

  /**
   * Takes back the credits of the newly reversed share of a payment, as far as they are unspent: the
   * balance never goes below zero, and credits already spent are not taken again later. Each share
   * is taken once (ledger key `stripe:refund:<payment id>:<reversed cents>`), whatever the order,
   * number or concurrency of calls: one transaction, whose update of the payment lands only on the
   * payment as it was read; a call that lost the race is run again and finds nothing left to do.
   * With `audit`, the call that changed the payment appends its audit row in the same transaction.
   */
  async takeBack(paymentId: string, reversal: PaymentReversal, audit?: ReversalAudit): Promise<ReversalResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.transactions.run((m) => this.takeBackIn(m, paymentId, reversal, audit));
      } catch (error) {
        const retry = error instanceof LostRace || isUniqueViolation(error) || isDeadlock(error);
        if (!retry || attempt >= 4) throw error;
      }
    }
  }

  private async takeBackIn(
    m: EntityManager,
    paymentId: string,
    reversal: PaymentReversal,
    audit: ReversalAudit | undefined,
  ): Promise<ReversalResult> {
    const p = await this.rows.findPayment(m, paymentId);
    if (!p) throw new BillingException(BillingErrorCode.PaymentNotFound, `No payment ${paymentId}`);

    const target = reversal.reason === 'dispute' ? p.amountCents : Math.min(reversal.refundedCents, p.amountCents);
    const refundedCents = Math.max(p.refundedCents, target);
    const now = new Date();
    const change: Partial<PaymentEntity> = {};
    if (refundedCents > p.refundedCents) change.refundedCents = refundedCents;
    const status = statusAfter(p, reversal, refundedCents);
    if (status !== p.status) change.status = status;
    if (reversal.reason === 'refund' && target > 0 && !p.refundedAt) change.refundedAt = now;
    if (reversal.reason === 'dispute' && !p.disputedAt) change.disputedAt = now;
    if (!Object.keys(change).length) return { payment: p, creditsTaken: 0 };

    if (!(await this.rows.updatePaymentIfUnchanged(m, p, change))) throw new LostRace();

    const due = creditsFor(p, refundedCents) - creditsFor(p, p.refundedCents);
    const taken =
      due > 0
        ? await this.credits.reclaim(
            {
              userId: p.userId,
              amount: due,
              sourceType: 'refund',
              sourceId: p.id,
              description: `${reversal.reason === 'dispute' ? 'Disputed' : 'Refunded'} payment: unspent credits taken back`,
              idempotencyKey: `stripe:refund:${p.id}:${refundedCents}`,
            },
            m,
          )
        : null;
    const creditsTaken = taken ? -taken.transaction.amount : 0;
    if (creditsTaken) await this.rows.addCreditsReclaimed(m, p.id, creditsTaken);
    const after: PaymentEntity = { ...p, ...change, creditsReclaimed: p.creditsReclaimed + creditsTaken };
    if (audit) {
      await this.audit.record(m, {
        ...audit,
        action: 'payment.refund',
        targetType: 'payment',
        targetId: p.id,
        before: auditedFields(p),
        after: { ...auditedFields(after), credits_taken: creditsTaken },
      });
    }
    return { payment: after, creditsTaken };
  }
}
