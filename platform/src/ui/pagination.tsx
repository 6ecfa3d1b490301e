import { uiMessages } from '@veo3/platform/ui/ui.messages';
import { useT } from '@veo3/platform/i18n/i18n';

/** Pages to show: a window of `size` pages around the current one (SPEC §9: window of 5). */
export function pageWindow(page: number, pages: number, size = 5): number[] {
  if (pages <= 0) return [];
  const half = Math.floor(size / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(pages, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export interface PaginationProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  windowSize?: number;
}

export function Pagination({ page, pages, onChange, windowSize = 5 }: PaginationProps) {
  const t = useT(uiMessages);
  if (pages <= 1) return null;
  return (
    <nav className="pf-pagination" aria-label={t('pagination')}>
      <button type="button" className="pf-pagination__item" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('previous')}
      </button>
      {pageWindow(page, pages, windowSize).map((n) => (
        <button
          key={n}
          type="button"
          className={`pf-pagination__item${n === page ? ' pf-pagination__item--current' : ''}`}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('page', { page: n })}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className="pf-pagination__item" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('next')}
      </button>
    </nav>
  );
}
