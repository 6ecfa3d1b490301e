import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { PublicCreditTransaction } from '@veo3/contracts/credits';
import { EVENT_BUS, type EventBus } from '../events/event-bus';

/** A user's balance and latest ledger lines as the balance route shows them. */
export interface LedgerSummary {
  balance: number;
  transactions: PublicCreditTransaction[];
}

interface Entry {
  summary: LedgerSummary;
  expiresAt: number;
}

/** One database read under way for a user; stale once the ledger changed while it ran. */
interface Flight {
  read: Promise<LedgerSummary | null>;
  stale: boolean;
}

/** An entry outlives a lost invalidation (a Redis reconnect) by at most this long. */
export const SUMMARY_TTL_MS = 2_000;
/** Users kept at most; the oldest entry goes first. */
export const MAX_SUMMARIES = 10_000;

/**
 * The balance route's read, kept per user until the ledger changes: every signed-in page polls it,
 * and its statement alone costs more than the rest of the request. Every balance change invalidates
 * the user's entry in the process that committed it (CreditsService) and, through the event bus's
 * balance event, in every other process. A read that was under way when the ledger changed is
 * handed to its callers but not kept, and callers arriving after the change start a new read.
 */
@Injectable()
export class LedgerSummaryCache implements OnModuleDestroy {
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Flight>();
  private unsubscribe: (() => void) | null = null;

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  /** The user's summary, from the cache or from `read` (shared by the callers that arrive while it runs). */
  get(userId: string, read: () => Promise<LedgerSummary | null>): Promise<LedgerSummary | null> {
    // Subscribed on first use, so processes that never serve the route (workers) open no subscription.
    this.unsubscribe ??= this.bus.subscribe((event) => {
      if (event.type === 'balance') this.invalidate(event.userId);
    });
    const entry = this.entries.get(userId);
    if (entry && entry.expiresAt > Date.now()) return Promise.resolve(entry.summary);
    return (this.flights.get(userId) ?? this.startFlight(userId, read)).read;
  }

  /** Forgets the user's summary, and any read of it under way: the ledger just changed. */
  invalidate(userId: string): void {
    this.entries.delete(userId);
    const flight = this.flights.get(userId);
    if (!flight) return;
    flight.stale = true;
    this.flights.delete(userId);
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  private startFlight(userId: string, read: () => Promise<LedgerSummary | null>): Flight {
    const flight: Flight = { read: read(), stale: false };
    this.flights.set(userId, flight);
    const land = (summary: LedgerSummary | null) => {
      if (this.flights.get(userId) === flight) this.flights.delete(userId);
      if (summary && !flight.stale) this.keep(userId, summary);
    };
    flight.read.then(land, () => land(null));
    return flight;
  }

  private keep(userId: string, summary: LedgerSummary): void {
    this.entries.delete(userId);
    if (this.entries.size >= MAX_SUMMARIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(userId, { summary, expiresAt: Date.now() + SUMMARY_TTL_MS });
  }
}
