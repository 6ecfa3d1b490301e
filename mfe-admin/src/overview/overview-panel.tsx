import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { GENERATION_OUTCOMES, type AdminOverview, type AdminOverviewFigures } from '@veo3/contracts/admin';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { Button } from '@veo3/platform/ui/button';
import { fetchOverview } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages, type AdminText } from '../admin.messages';
import { formatMoney } from '../console/format-money';
import { EmptyState, ErrorState, LoadingState } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { BarChart } from './bar-chart';
import { defaultRange } from './default-range';

type Figure = Exclude<keyof AdminOverviewFigures, 'generations'>;
const CHARTS: { figure: Figure; label: AdminText; money: boolean }[] = [
  { figure: 'sign_ups', label: 'figSignUps', money: false },
  { figure: 'paying_users', label: 'figPayingUsers', money: false },
  { figure: 'net_revenue_cents', label: 'figNetRevenue', money: true },
  { figure: 'revenue_cents', label: 'figRevenue', money: true },
  { figure: 'refunded_cents', label: 'figRefunded', money: true },
  { figure: 'credits_granted', label: 'figCreditsGranted', money: false },
  { figure: 'credits_spent', label: 'figCreditsSpent', money: false },
];

/** Sign-ups, money, credits and generations by day for a chosen range. */
export function OverviewPanel() {
  const t = useT(adminMessages);
  const id = useId();
  const [range, setRange] = useState(defaultRange);
  const [draft, setDraft] = useState(range);
  const [error, setError] = useState<string | null>(null);
  const overview = useQuery({
    queryKey: adminKeys.overview(range.from, range.to),
    queryFn: ({ signal }) => fetchOverview(range, signal),
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from > draft.to) return setError(t('rangeInvalid'));
    setError(null);
    setRange(draft);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pf-visually-hidden">
        {t('tabOverview')}
      </h2>
      <form className={styles.filters} onSubmit={apply} noValidate>
        <label className={styles.field}>
          {t('from')}
          <input
            className={styles.input}
            type="date"
            value={draft.from}
            max={draft.to}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label className={styles.field}>
          {t('to')}
          <input
            className={styles.input}
            type="date"
            value={draft.to}
            min={draft.from}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <Button type="submit" variant="secondary">
          {t('apply')}
        </Button>
      </form>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {overview.isPending ? (
        <LoadingState />
      ) : overview.isError ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <OverviewCharts overview={overview.data} />
      )}
    </section>
  );
}

function OverviewCharts({ overview }: { overview: AdminOverview }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  const money = (n: number) => formatMoney(n, overview.currency, lang);
  const count = (n: number) => formatNumber(n, lang);
  const quiet =
    overview.days.every((d) => CHARTS.every(({ figure }) => d[figure] === 0)) &&
    overview.totals.generations.length === 0;
  const models = [...new Set(overview.totals.generations.map((g) => g.model))].sort();
  const generations = (model: string, outcome: string) =>
    overview.totals.generations.find((g) => g.model === model && g.outcome === outcome)?.count ?? 0;

  return (
    <>
      {quiet && <EmptyState text={t('noData')} />}
      <div className={styles.grid}>
        {CHARTS.map(({ figure, label, money: isMoney }) => (
          <BarChart
            key={figure}
            name={t(label)}
            format={isMoney ? money : count}
            points={overview.days.map((d) => ({ date: d.date, value: d[figure] }))}
          />
        ))}
        <BarChart
          name={t('figGenerations')}
          format={count}
          points={overview.days.map((d) => ({ date: d.date, value: d.generations.reduce((n, g) => n + g.count, 0) }))}
        />
      </div>
      <div className={`${styles.card} ${styles.spaced}`}>
        <h3 className={styles.cardTitle}>{t('generationsByModel')}</h3>
        {models.length === 0 ? (
          <EmptyState text={t('noData')} />
        ) : (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.stack}`}>
              <thead>
                <tr>
                  <th scope="col">{t('columnModel')}</th>
                  {GENERATION_OUTCOMES.map((o) => (
                    <th key={o} scope="col" className={styles.numeric}>
                      {t(`outcome_${o}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {models.map((model) => (
                  <tr key={model}>
                    <th scope="row">{model}</th>
                    {GENERATION_OUTCOMES.map((o) => (
                      <td key={o} data-label={t(`outcome_${o}`)} className={styles.numeric}>
                        {count(generations(model, o))}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
