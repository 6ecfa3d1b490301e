import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { defaultCost } from '@veo3/contracts/model-catalogue';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { EntityManager } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import type { PublicUser } from '@veo3/contracts/auth';
import { toPublicUser, type SessionUser } from '../users/session-user';
import { UserRepository } from '../users/user.repository';
import { afterCommit, isUniqueViolation } from '../database/transaction';
import { TaskEventsService } from '../events/task-events.service';
import { MetricsService } from '../metrics/metrics.service';
import {
  toPublicTransaction,
  type CreditTransactionEntity,
  type CreditSourceType,
  type LedgerLine,
} from './credit-transaction.entity';
import type { PublicCreditTransaction } from '@veo3/contracts/credits';
import { DEFAULT_CATALOGUE } from '../video/catalogue/default-catalogue';
import { CreditsErrorCode, CreditsException } from './credits.exception';
import { CreditsRepository } from './credits.repository';
import { LedgerSummaryCache, type LedgerSummary } from './ledger-summary.cache';

/** A deleted account's ledger line that held an admin's or a person's words. */
const ERASED_LINE = 'Text removed: account deleted';
/** The line that takes a deleted account's balance to zero. */
const FORFEITED_LINE = 'Account deleted: unspent credits forfeited';

export interface CreditChange {
  userId: string;
  /** Always positive; `grant` adds it, `debit` takes it away. */
  amount: number;
  sourceType: CreditSourceType;
  sourceId: string | null;
  description: string | null;
  /** Applying the same key again changes nothing (webhook replays, retried jobs, double clicks). */
  idempotencyKey: string;
}

export interface CreditResult {
  transaction: CreditTransactionEntity;
  balance: number;
  /** true when the key had been applied before and nothing changed now. */
  replayed: boolean;
}

/** Every model's name, those the operator no longer offers included: old lines still name theirs. */
const MODEL_NAMES = new Map(DEFAULT_CATALOGUE.map((model) => [model.id, model.name]));

@Injectable()
export class CreditsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly events: TaskEventsService,
    private readonly ledger: CreditsRepository,
    private readonly metrics: MetricsService,
    private readonly summaries: LedgerSummaryCache,
    private readonly users: UserRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A deleted account's ledger, in `m`'s transaction: the unspent credits forfeited (a line takes the
   * balance to zero; nothing is refunded), and every line that may hold a person's words (an admin's
   * reason and source id, or any text naming one of `mentions`) rewritten to a plain label. The lines'
   * amounts, balances, types and times stay, for tax and disputes. How many credits were forfeited.
   */
  async forfeitAndPseudonymise(m: EntityManager, userId: string, mentions: string[]): Promise<number> {
    const balance = (await this.ledger.lockBalance(m, userId)) ?? 0;
    for (const line of await this.ledger.linesOf(m, userId)) {
      const texts = [line.description, line.sourceId, line.idempotencyKey];
      const named = texts.some((t) => t !== null && mentions.some((x) => t.toLowerCase().includes(x)));
      if (line.sourceType !== 'admin' && !named) continue;
      await this.ledger.rewriteText(m, line.id, {
        description: ERASED_LINE,
        sourceId: null,
        idempotencyKey: `erased:${line.id}`,
      });
    }
    if (balance > 0) {
      const change = { userId, amount: balance, sourceType: 'admin' as const, sourceId: null };
      await this.debit({ ...change, description: FORFEITED_LINE, idempotencyKey: `erasure:${userId}` }, m);
    } else {
      afterCommit(m, () => {
        this.summaries.invalidate(userId);
        this.events.balanceChanged(userId, 0);
      });
    }
    return balance;
  }

  /** Adds credits; pass `manager` to take part in a caller's transaction. */
  grant(change: CreditChange, manager?: EntityManager): Promise<CreditResult> {
    return this.apply(change, +1, manager);
  }

  /** Takes credits only if the balance covers them, in one conditional update (no read-then-write). */
  debit(change: CreditChange, manager?: EntityManager): Promise<CreditResult> {
    return this.apply(change, -1, manager);
  }

  /**
   * Takes back up to `change.amount`, as far as the balance goes (never below zero), in the caller's
   * transaction; null when the balance is empty. On MySQL the user row is locked first, so the
   * conditional debit cannot miss for a debit that ran in between.
   */
  async reclaim(change: CreditChange, m: EntityManager): Promise<CreditResult | null> {
    const credits = await this.ledger.lockBalance(m, change.userId);
    if (credits === null) throw new CreditsException(CreditsErrorCode.UserNotFound, 'User not found');
    const amount = Math.min(change.amount, credits);
    return amount > 0 ? this.applyIn(m, { ...change, amount }, -1) : null;
  }

  /**
   * The balance, with the user's row locked for the rest of `m`'s transaction (MySQL; SQLite's
   * transactions take turns): what the caller decides next in it cannot race another debit of the user.
   */
  async lockBalance(userId: string, m: EntityManager): Promise<number> {
    const credits = await this.ledger.lockBalance(m, userId);
    if (credits === null) throw new CreditsException(CreditsErrorCode.UserNotFound, 'User not found');
    return credits;
  }

  /**
   * GET /api/credits/balance for the signed-in user: balance and latest 10 ledger lines as of the
   * last change to them (LedgerSummaryCache); the user.
   */
  async summary(
    user: SessionUser,
  ): Promise<{ total_credits: number; transactions: PublicCreditTransaction[]; user: PublicUser }> {
    const summary = await this.summaries.get(user.id, () => this.readSummary(user.id));
    if (!summary) throw new CreditsException(CreditsErrorCode.UserNotFound, 'User not found');
    return {
      total_credits: summary.balance,
      transactions: summary.transactions,
      user: toPublicUser(user, summary.balance),
    };
  }

  /** A ledger line as the API shows it, a video's model named as the catalogue names it. */
  private readonly publicLine = (line: LedgerLine): PublicCreditTransaction =>
    toPublicTransaction(line, (id) => MODEL_NAMES.get(id));

  private async readSummary(userId: string): Promise<LedgerSummary | null> {
    const summary = await this.ledger.summary(userId);
    return summary && { balance: summary.balance, transactions: summary.latest.map(this.publicLine) };
  }

  /** The balance as committed now, or as `manager`'s transaction sees it. */
  async balanceOf(userId: string, manager?: EntityManager): Promise<number> {
    const balance = await this.ledger.balanceOf(userId, manager);
    if (balance === null) throw new CreditsException(CreditsErrorCode.UserNotFound, 'User not found');
    return balance;
  }

  /** A user reads their own ledger; an administrator may read anyone's. */
  async transactionsFor(viewer: SessionUser, userId: string, limit: number, offset: number) {
    if (viewer.id !== userId && !viewer.isAdmin) {
      throw new CreditsException(CreditsErrorCode.Forbidden, 'You can only see your own credit history');
    }
    const { items, total } = await this.history(userId, limit, offset);
    return { items: items.map(this.publicLine), total, limit, offset };
  }

  /** The user's latest `limit` ledger lines as the API shows them, newest first (the admin console's user page). */
  async latestTransactions(userId: string, limit: number): Promise<PublicCreditTransaction[]> {
    const { items } = await this.history(userId, limit, 0);
    return items.map(this.publicLine);
  }

  async checkModel(userId: string, modelId: string): Promise<{ cost: number; balance: number; enough: boolean }> {
    const model = this.config.video.catalogue.find((entry) => entry.id === modelId);
    if (!model) throw new CreditsException(CreditsErrorCode.UnknownModel, `Unknown model: ${modelId}`);
    const balance = await this.ledger.balanceOf(userId);
    if (balance === null) throw new CreditsException(CreditsErrorCode.UserNotFound, 'User not found');
    const cost = defaultCost(model);
    return { cost, balance, enough: balance >= cost };
  }

  private async history(userId: string, limit: number, offset: number) {
    const [items, total] = await this.ledger.historyPage(userId, limit, offset);
    return { items, total };
  }

  private async apply(change: CreditChange, sign: 1 | -1, manager?: EntityManager): Promise<CreditResult> {
    if (!Number.isSafeInteger(change.amount) || change.amount <= 0) {
      throw new CreditsException(CreditsErrorCode.InvalidAmount, 'Amount must be a positive whole number');
    }
    if (manager) return this.applyIn(manager, change, sign);
    try {
      return await this.transactions.run((m) => this.applyIn(m, change, sign));
    } catch (error) {
      // The same key applied concurrently: the other request won; report its result.
      if (!isUniqueViolation(error)) throw error;
      const replay = await this.findReplay(this.transactions.manager, change, sign);
      if (!replay) throw error;
      return replay;
    }
  }

  private async findReplay(m: EntityManager, change: CreditChange, sign: 1 | -1): Promise<CreditResult | null> {
    const existing = await this.ledger.findByIdempotencyKey(m, change.idempotencyKey);
    if (!existing) return null;
    // A replay must be the same change; anything else would report success while applying nothing.
    if (existing.userId !== change.userId || existing.amount !== sign * change.amount) {
      throw new CreditsException(
        CreditsErrorCode.IdempotencyConflict,
        `This change was already applied with a different ${existing.userId !== change.userId ? 'user' : 'amount'} (${Math.abs(existing.amount)} credits); use a new sourceId for a new change`,
      );
    }
    const balance = await this.ledger.balanceOf(existing.userId, m);
    return { transaction: existing, balance: balance ?? existing.balanceAfter, replayed: true };
  }

  private async applyIn(m: EntityManager, change: CreditChange, sign: 1 | -1): Promise<CreditResult> {
    const replay = await this.findReplay(m, change, sign);
    if (replay) return replay;

    if (!(await this.ledger.addToBalance(m, change.userId, sign * change.amount))) {
      const exists = await this.users.exists(change.userId, m);
      if (!exists) throw new CreditsException(CreditsErrorCode.UserNotFound, 'User not found');
      const balance = await this.ledger.balanceOf(change.userId, m);
      throw new CreditsException(
        CreditsErrorCode.Insufficient,
        `Not enough credits: ${change.amount} needed, ${balance ?? 0} available`,
      );
    }

    const credits = await this.ledger.balanceOf(change.userId, m);
    if (credits === null) throw new CreditsException(CreditsErrorCode.UserNotFound, 'User not found');
    const transaction = await this.ledger.append(m, {
      id: randomUUID(),
      userId: change.userId,
      amount: sign * change.amount,
      balanceAfter: credits,
      sourceType: change.sourceType,
      sourceId: change.sourceId,
      idempotencyKey: change.idempotencyKey,
      description: change.description,
      createdAt: new Date(),
    });
    // Every balance change goes through here; the user's streams hear of it once it is committed.
    afterCommit(m, () => {
      this.summaries.invalidate(change.userId);
      this.events.balanceChanged(change.userId, credits);
      this.metrics.creditsChanged(change.sourceType, sign * change.amount);
    });
    return { transaction, balance: credits, replayed: false };
  }
}
