import { useQuery } from '@tanstack/react-query';
import type { PublicCreditTransaction } from '@veo3/contracts/credits';
import { creditsKeys, fetchTransactions } from '@veo3/platform/credits/credits-api';
import { useBalance } from '@veo3/platform/credits/use-balance';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link, useSearchParams } from '@veo3/platform/routing/router';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Pagination } from '@veo3/platform/ui/pagination';
import { Spinner } from '@veo3/platform/ui/spinner';
import { VIDEO_COST_CREDITS, videosFor } from '../pricing/plans';
import { creditsMessages } from './credits.messages';
import { ledgerReason } from './ledger-reason';
import styles from './credits-page.module.css';
import { SignInNotice } from '../account/sign-in-notice';

const PAGE_SIZE = 10;

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function LedgerTable({ items, userId }: { items: PublicCreditTransaction[]; userId: string }) {
  const t = useT(creditsMessages);
  const lang = useLanguage();
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('colDate')}</th>
          <th scope="col">{t('colReason')}</th>
          <th scope="col" className={styles.numeric}>
            {t('colAmount')}
          </th>
          <th scope="col" className={styles.numeric}>
            {t('colBalance')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const amount = formatNumber(item.amount, lang, { signed: true });
          return (
            <tr key={item.id}>
              <td data-label={t('colDate')}>
                <time dateTime={item.created_at}>{formatDate(item.created_at, lang, true)}</time>
              </td>
              <td data-label={t('colReason')}>{ledgerReason(item, userId, lang, t)}</td>
              <td
                data-label={t('colAmount')}
                className={`${styles.numeric} ${item.amount > 0 ? styles.plus : styles.minus}`}
                aria-label={t('amountLabel', { amount })}
              >
                {amount}
              </td>
              <td data-label={t('colBalance')} className={styles.numeric}>
                {formatNumber(item.balance_after, lang)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The balance and the ledger behind it, paged by `?page=`: the /credits page and the account
 * page's credits section. `historyHeading` keeps the outline right inside either page.
 */
export function CreditsOverview({
  userId,
  historyHeading: History = 'h2',
}: {
  userId: string;
  historyHeading?: 'h2' | 'h3';
}) {
  const t = useT(creditsMessages);
  const lang = useLanguage();
  const { credits } = useBalance();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const offset = (page - 1) * PAGE_SIZE;
  const ledger = useQuery({
    queryKey: creditsKeys.transactions(userId, PAGE_SIZE, offset),
    queryFn: ({ signal }) => fetchTransactions(userId, PAGE_SIZE, offset, signal),
    placeholderData: (previous) => previous,
  });
  const pages = ledger.data ? Math.ceil(ledger.data.total / PAGE_SIZE) : 0;

  return (
    <>
      <div className={styles.balanceCard}>
        <div>
          <p className={styles.balanceLabel}>{t('balanceLabel')}</p>
          <p className={styles.balance} data-testid="credits-balance">
            {t('balanceValue', { count: formatNumber(credits, lang) })}
          </p>
          <p className={styles.muted}>{t('videosLeft', { count: formatNumber(videosFor(credits), lang) })}</p>
        </div>
        <Link to="/pricing" className="pf-button pf-button--primary pf-button--md">
          {t('buyCredits')}
        </Link>
      </div>

      <History className={styles.subtitle}>{t('historyTitle')}</History>
      {ledger.isLoading && <Spinner />}
      {ledger.isError && (
        <ErrorPanel message={t('loadFailed')} onRetry={() => void ledger.refetch()} retryLabel={t('retry')} />
      )}
      {ledger.data && ledger.data.items.length === 0 && <p className={styles.empty}>{t('empty')}</p>}
      {ledger.data && ledger.data.items.length > 0 && <LedgerTable items={ledger.data.items} userId={userId} />}
      <Pagination
        page={page}
        pages={pages}
        onChange={(next) =>
          setParams((current) => {
            current.set('page', String(next));
            return current;
          })
        }
      />
    </>
  );
}

/** /credits: the balance and the ledger behind it, paged (beyond the spec; users expect it). */
export default function CreditsPage() {
  const t = useT(creditsMessages);
  const { user } = useSession();
  usePageMeta(t('title'), '/credits', t('metaDescription'));

  if (!user) {
    return (
      <SignInNotice
        title={t('signedOutTitle')}
        text={t('signedOutText')}
        login={t('login')}
        classes={{ page: styles.page, title: styles.title, text: styles.muted }}
      />
    );
  }

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.muted}>{t('intro', { cost: VIDEO_COST_CREDITS })}</p>
      <CreditsOverview userId={user.id} />
    </section>
  );
}
