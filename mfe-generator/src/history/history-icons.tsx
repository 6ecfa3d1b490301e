import styles from './history-page.module.css';

export function FilmIcon() {
  return (
    <span className={styles.icon} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="1.8">
        <rect x="3" y="4" width="18" height="16" rx="2.5" />
        <path d="M7 4v16M17 4v16M3 9h4M3 15h4M17 9h4M17 15h4" />
      </svg>
    </span>
  );
}

export function LockIcon() {
  return (
    <span className={styles.icon} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="1.8">
        <rect x="4" y="10" width="16" height="11" rx="2.5" />
        <path d="M8 10V7a4 4 0 1 1 8 0v3" strokeLinecap="round" />
      </svg>
    </span>
  );
}
