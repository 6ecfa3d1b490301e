import { useId, useState } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { adminMessages } from '../admin.messages';
import styles from './overview.module.css';

export interface BarPoint {
  date: string;
  value: number;
}

const WIDTH = 600;
const HEIGHT = 160;

/**
 * Bars by day as SVG. Screen readers get the chart's summary as its name and the numbers in a table
 * (the same table anyone can open under the chart).
 */
export function BarChart({
  name,
  points,
  format,
}: {
  name: string;
  points: BarPoint[];
  format: (n: number) => string;
}) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  const id = useId();
  const [table, setTable] = useState(false);
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const top = points.reduce<BarPoint | null>((best, p) => (!best || p.value > best.value ? p : best), null);
  const max = Math.max(1, ...points.map((p) => Math.abs(p.value)));
  const step = points.length ? WIDTH / points.length : WIDTH;
  const dayFormat = new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const day = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
  const summary = t('chartSummary', {
    name,
    total: format(total),
    max: format(top?.value ?? 0),
    day: top ? day(top.date) : t('none'),
  });

  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>{t('chartTitle', { name })}</figcaption>
      <p className={styles.chartTotal}>{format(total)}</p>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
      >
        {points.map((p, i) => {
          const h = (Math.abs(p.value) / max) * (HEIGHT - 4);
          return (
            <rect
              key={p.date}
              x={i * step + step * 0.15}
              y={HEIGHT - h}
              width={Math.max(1, step * 0.7)}
              height={h}
              className={p.value < 0 ? styles.barNegative : styles.bar}
            >
              <title>{`${day(p.date)}: ${format(p.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={table}
        aria-controls={`${id}-table`}
        onClick={() => setTable((v) => !v)}
      >
        {table ? t('hideTable') : t('showTable')}
      </Button>
      <div id={`${id}-table`} className={table ? styles.tableWrap : 'pf-visually-hidden'}>
        <table className={styles.dataTable}>
          <caption>{t('chartTitle', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columnDay')}</th>
              <th scope="col">{name}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <th scope="row">
                  <time dateTime={p.date}>{day(p.date)}</time>
                </th>
                <td>{format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
