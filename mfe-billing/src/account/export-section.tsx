import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExportJob } from '@veo3/contracts/account-export';
import { ApiError } from '@veo3/platform/api/api-client';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Spinner } from '@veo3/platform/ui/spinner';
import { fetchLatestExport, startExport } from '../api/account-export-api';
import { billingKeys } from '../api/billing-keys';
import { accountMessages } from './account.messages';
import styles from './account-page.module.css';

/** While building, the page follows the progress; once ready, it keeps the signed link (15 min) fresh. */
function pollEvery(job: AccountExportJob | null | undefined): number | false {
  if (job?.status === 'building') return 1000;
  return job?.status === 'ready' ? 5 * 60_000 : false;
}

function Progress({ percent }: { percent: number }) {
  const t = useT(accountMessages);
  return (
    <div className={styles.exportProgress}>
      <div
        className={styles.exportBar}
        role="progressbar"
        aria-label={t('exportProgressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.muted} aria-live="polite">
        {t('exportBuilding', { percent })}
      </p>
    </div>
  );
}

function Ready({ job }: { job: AccountExportJob }) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  const megabytes = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(
    Math.max(0.1, (job.size ?? 0) / 1_048_576),
  );
  return (
    <div className={styles.exportReady}>
      <a className="pf-button pf-button--primary pf-button--md" href={job.download_url ?? undefined} download>
        {t('exportDownload', { size: megabytes })}
      </a>
      <p className={styles.muted}>{t('exportExpires', { date: formatDate(job.expires_at, lang, true) })}</p>
    </div>
  );
}

/** The latest export's state: progress, the download, a failure, or nothing yet. */
function JobState({ job }: { job: AccountExportJob }) {
  const t = useT(accountMessages);
  if (job.status === 'building') return <Progress percent={job.progress} />;
  if (job.status === 'ready' && job.download_url) return <Ready job={job} />;
  if (job.status === 'failed') return <p role="alert">{t('exportFailed')}</p>;
  return <p className={styles.muted}>{t('exportExpired')}</p>;
}

/** "Download my data": a ZIP of everything the site holds about the user, built in the background. */
export function ExportSection({ user, headingId }: { user: { id: string }; headingId: string }) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const key = billingKeys.dataExport(user.id);
  const latest = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchLatestExport(signal),
    refetchInterval: (query) => pollEvery(query.state.data),
  });
  const start = useMutation({
    mutationFn: startExport,
    onSuccess: (job) => queryClient.setQueryData(key, job),
    // A refusal (the limit) is shown from the job the server holds, with its date.
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const job = latest.data ?? null;
  const nextAllowed = job?.next_allowed_at ?? null;
  const tooSoon = start.error instanceof ApiError && start.error.code === 'ACCOUNT_EXPORT_TOO_SOON';

  return (
    <>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('exportHeading')}
      </h2>
      <p className={styles.muted}>{t('exportIntro')}</p>
      {latest.isLoading && <Spinner />}
      {latest.isError && (
        <ErrorPanel message={t('exportLoadFailed')} onRetry={() => void latest.refetch()} retryLabel={t('retry')} />
      )}
      {job && <JobState job={job} />}
      {latest.isSuccess && job?.status !== 'building' && (
        <div className={styles.exportActions}>
          <Button
            variant={job?.status === 'ready' ? 'secondary' : 'primary'}
            busy={start.isPending}
            disabled={nextAllowed !== null}
            onClick={() => start.mutate()}
          >
            {t('exportStart')}
          </Button>
          {nextAllowed && (
            <p className={styles.muted}>{t('exportNextAllowed', { date: formatDate(nextAllowed, lang, true) })}</p>
          )}
        </div>
      )}
      {start.isError && !tooSoon && <p role="alert">{t('exportStartFailed')}</p>}
    </>
  );
}
