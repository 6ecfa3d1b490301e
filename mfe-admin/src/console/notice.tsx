import styles from './admin-console.module.css';

/** A live region that stays in the page, so screen readers announce each new message (errors assertively). */
export function Notice({ message, tone = 'ok' }: { message: string | null; tone?: 'ok' | 'bad' }) {
  return (
    <div role={tone === 'bad' ? 'alert' : 'status'}>
      {message && <p className={tone === 'bad' ? styles.noticeBad : styles.noticeOk}>{message}</p>}
    </div>
  );
}
