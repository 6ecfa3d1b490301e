import type { ReactNode } from 'react';
import styles from './pricing-page.module.css';

interface OfferSectionProps {
  headingId: string;
  heading: string;
  note: string;
  children: ReactNode;
}

/** One titled grid of offers on the pricing page (the plans, or the credit packs). */
export function OfferSection({ headingId, heading, note, children }: OfferSectionProps) {
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {heading}
        </h2>
        <p className={styles.sectionNote}>{note}</p>
      </div>
      <div className={styles.grid}>{children}</div>
    </section>
  );
}
