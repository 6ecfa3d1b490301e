import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_GALLERY_FILTERS, ADMIN_GALLERY_PAGE_SIZE, AdminGalleryFilter } from '@veo3/contracts/gallery';
import { useT } from '@veo3/platform/i18n/i18n';
import { useSearchParams } from '@veo3/platform/routing/router';
import { fetchGalleryQueue, galleryKeys, type GalleryQueueFilter } from '../api/admin-gallery';
import { ListFooter } from '../console/list-footer';
import { Notice } from '../console/notice';
import { EmptyState, ErrorState, LoadingState } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { GalleryActionDialog, type GalleryAction } from './gallery-action-dialog';
import { GalleryItemCard } from './gallery-item';
import { galleryMessages } from './gallery.messages';
import own from './gallery.module.css';

/** The tab and the page live in the address, so Back from a user's page returns to the same list. */
function filterFrom(params: URLSearchParams): GalleryQueueFilter {
  const page = Number(params.get('page'));
  return {
    state: AdminGalleryFilter.safeParse(params.get('state')).data ?? 'held',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function paramsFrom({ state, page }: GalleryQueueFilter): Record<string, string> {
  return { ...(state !== 'held' ? { state } : {}), ...(page > 1 ? { page: String(page) } : {}) };
}

/**
 * Gallery: the community gallery's review queue (waiting for review, reported, listed, hidden), each
 * video with its owner and reports, and Hide, Restore, Dismiss reports, Ban user and Unban, each
 * confirmed with a reason that the audit log keeps.
 */
export function GalleryPanel() {
  const t = useT(galleryMessages);
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const [action, setAction] = useState<GalleryAction | null>(null);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const queue = useQuery({
    queryKey: galleryKeys.queue(filter),
    queryFn: ({ signal }) => fetchGalleryQueue(filter, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pf-visually-hidden">
        {t('galleryQueue')}
      </h2>
      <fieldset className={styles.filters}>
        <legend className="pf-visually-hidden">{t('stateFilter')}</legend>
        <div className={styles.switch}>
          {ADMIN_GALLERY_FILTERS.map((state) => (
            <label key={state} className={`${styles.tab} ${filter.state === state ? styles.active : ''}`}>
              <input
                type="radio"
                name={`${id}-state`}
                className="pf-visually-hidden"
                checked={filter.state === state}
                onChange={() => setParams(paramsFrom({ state, page: 1 }))}
              />
              {t(`state_${state}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
      <div className={styles.card}>
        {queue.isPending ? (
          <LoadingState />
        ) : queue.isError ? (
          <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
        ) : queue.data.items.length === 0 ? (
          <EmptyState text={t(`empty_${filter.state}`)} />
        ) : (
          <>
            <ul className={own.list}>
              {queue.data.items.map((item) => (
                <li key={item.id}>
                  <GalleryItemCard item={item} onAction={(kind, target) => setAction({ kind, item: target })} />
                </li>
              ))}
            </ul>
            <ListFooter
              page={queue.data.page}
              pageSize={queue.data.page_size || ADMIN_GALLERY_PAGE_SIZE}
              total={queue.data.total}
              onPage={(page) => setParams(paramsFrom({ ...filter, page }))}
            />
          </>
        )}
      </div>
      <GalleryActionDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={(message, failed) => setNotice({ message, failed })}
      />
    </section>
  );
}
