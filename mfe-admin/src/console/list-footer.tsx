import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { Pagination } from '@veo3/platform/ui/pagination';
import { adminMessages } from '../admin.messages';
import styles from './admin-console.module.css';

/** '1–25 of 73' and the page buttons under a server-paged list. */
export function ListFooter({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className={styles.footer}>
      <span>
        {t('showing', {
          from: formatNumber(from, lang),
          to: formatNumber(to, lang),
          total: formatNumber(total, lang),
        })}
      </span>
      <Pagination page={page} pages={Math.max(1, Math.ceil(total / pageSize))} onChange={onPage} />
    </div>
  );
}
