import styles from './notice.module.css';

/** A polite live region: it stays in the page, so screen readers announce each new message. */
export function Notice({ message }: { message: string | null }) {
  return (
    <div className={styles.region} role="status">
      {message && (
        <p className={styles.notice}>
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 11v5M12 8h.01" />
          </svg>
          {message}
        </p>
      )}
    </div>
  );
}
