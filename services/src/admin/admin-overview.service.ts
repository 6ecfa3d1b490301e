import { BadRequestException, Injectable } from '@nestjs/common';
import {
  GENERATION_OUTCOMES,
  type AdminOverview,
  type AdminOverviewFigures,
  type AdminOverviewQuery,
} from '@veo3/contracts/admin';
import { PaymentRepository } from '../billing/payment.repository';
import { CreditsRepository } from '../credits/credits.repository';
import { UserRepository } from '../users/user.repository';
import { VideoTaskRepository } from '../video/video-task.repository';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
/** The ledger lines that bring credits in: bought, a plan's, a bonus, a referral's reward, an admin's adjustment. */
const GRANTING_SOURCES = ['purchase', 'plan', 'renewal', 'bonus', 'referral', 'admin'];

type Outcome = (typeof GENERATION_OUTCOMES)[number];
type Generations = AdminOverviewFigures['generations'];
/** Generations by `model\noutcome`. */
type Figures = Omit<AdminOverviewFigures, 'generations'> & { generations: Map<string, Generations[number]> };

const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const emptyFigures = (): Figures => ({
  sign_ups: 0,
  paying_users: 0,
  revenue_cents: 0,
  refunded_cents: 0,
  net_revenue_cents: 0,
  credits_granted: 0,
  credits_spent: 0,
  generations: new Map(),
});

function addGenerations(into: Figures['generations'], g: Generations[number]): void {
  const key = `${g.model}\n${g.outcome}`;
  const seen = into.get(key);
  into.set(key, { ...g, count: g.count + (seen?.count ?? 0) });
}

/** The console's overview: the site's figures by UTC day over a range, every day present. */
@Injectable()
export class AdminOverviewService {
  constructor(
    private readonly users: UserRepository,
    private readonly payments: PaymentRepository,
    private readonly credits: CreditsRepository,
    private readonly tasks: VideoTaskRepository,
  ) {}

  async overview(query: AdminOverviewQuery): Promise<AdminOverview> {
    const { from, to } = this.range(query);
    const start = new Date(`${from}T00:00:00Z`);
    const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
    const days = new Map<string, Figures>();
    for (let ms = start.getTime(); ms < end.getTime(); ms += DAY_MS) days.set(dayString(ms), emptyFigures());
    const on = (day: string) => days.get(day);

    const range = { start, end };
    const [signUps, payments, refunds, ledger, generations, payers] = await Promise.all([
      this.users.signUpsByDay(range),
      this.payments.revenueByDay(range),
      this.payments.refundsByDay(range),
      this.credits.ledgerByDay(range, GRANTING_SOURCES),
      this.tasks.generationsByDay(range),
      this.payments.payersBetween(range),
    ]);

    for (const r of signUps) on(r.day)!.sign_ups += Number(r.n);
    for (const r of payments) {
      on(r.day)!.revenue_cents += Number(r.cents ?? 0);
      on(r.day)!.paying_users += Number(r.payers);
    }
    for (const r of refunds) on(r.day)!.refunded_cents += Number(r.cents ?? 0);
    for (const r of ledger) {
      on(r.day)!.credits_granted += Number(r.granted ?? 0);
      on(r.day)!.credits_spent += Number(r.spent ?? 0);
    }
    for (const r of generations) {
      addGenerations(on(r.day)!.generations, { model: r.model, outcome: r.outcome as Outcome, count: Number(r.n) });
    }

    const totals = emptyFigures();
    for (const f of days.values()) {
      totals.sign_ups += f.sign_ups;
      totals.revenue_cents += f.revenue_cents;
      totals.refunded_cents += f.refunded_cents;
      totals.credits_granted += f.credits_granted;
      totals.credits_spent += f.credits_spent;
      for (const g of f.generations.values()) addGenerations(totals.generations, g);
    }
    totals.paying_users = payers;

    return {
      from,
      to,
      currency: 'usd',
      days: [...days].map(([date, f]) => ({ date, ...this.figures(f) })),
      totals: this.figures(totals),
    };
  }

  /** `from`..`to` (UTC days, both included): the last 30 days by default, at most 366. */
  private range(query: AdminOverviewQuery): { from: string; to: string } {
    const to =
      query.to ?? (query.from ? dayString(Math.max(Date.now(), Date.parse(query.from))) : dayString(Date.now()));
    const from = query.from ?? dayString(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (days < 1) throw new BadRequestException('from must not be after to');
    if (days > MAX_DAYS) throw new BadRequestException(`The range is at most ${MAX_DAYS} days (asked: ${days}).`);
    return { from, to };
  }

  private figures(f: Figures): AdminOverviewFigures {
    return {
      sign_ups: f.sign_ups,
      paying_users: f.paying_users,
      revenue_cents: f.revenue_cents,
      refunded_cents: f.refunded_cents,
      net_revenue_cents: f.revenue_cents - f.refunded_cents,
      credits_granted: f.credits_granted,
      credits_spent: f.credits_spent,
      generations: [...f.generations.values()],
    };
  }
}
