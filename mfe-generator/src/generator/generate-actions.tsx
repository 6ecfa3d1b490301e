import type { ReactNode, Ref } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import type { PublicUser as User } from '@veo3/contracts/auth';
import { Button } from '@veo3/platform/ui/button';
import { AccountNotice } from './account-notice';
import { generatorMessages } from './generator.messages';
import type { GenerationIssue } from './validate-generation';
import styles from './generator-page.module.css';

interface GenerateActionsProps {
  user: User | null;
  cost: number;
  /** The provider does not offer this model now: say so and disable Generate. */
  unavailable: boolean;
  generating: boolean;
  /** The form is being filled from a task (History's Reuse or Remix): Generate waits for it. */
  loading: boolean;
  /** The check the Generate button last failed on this tab, if any. */
  issue: GenerationIssue | null;
  /** The id of the message line, which the field in error points at. */
  issueId: string;
  noticeLinkRef?: Ref<HTMLAnchorElement>;
  /** A choice that sets the cost, shown before it (Omni's length). */
  costChoice?: ReactNode;
}

/** The form's end, kept together and in view: the account or availability notice, the cost, Generate and its message. */
export function GenerateActions({
  user,
  cost,
  unavailable,
  generating,
  loading,
  issue,
  issueId,
  noticeLinkRef,
  costChoice,
}: GenerateActionsProps) {
  const t = useT(generatorMessages);
  const number = new Intl.NumberFormat(useLanguage());
  // The sign-in notice already says what a signed-out Generate would (one notice, not two).
  const shown = issue && issue.key !== 'errorLoginRequired' ? issue : null;
  const vars =
    shown?.vars &&
    Object.fromEntries(Object.entries(shown.vars).map(([k, v]) => [k, typeof v === 'number' ? number.format(v) : v]));
  return (
    <div className={styles.actions}>
      {unavailable ? (
        <p role="alert" className={`${styles.notice} ${styles.noticeWarn}`}>
          {t('unavailable')}
        </p>
      ) : (
        <AccountNotice user={user} cost={cost} linkRef={noticeLinkRef} />
      )}
      <div className={styles.generateRow}>
        {costChoice}
        <span className={styles.cost}>
          <span className={styles.costLabel}>{t('costLabel')}</span> <strong>{t('costValue', { cost })}</strong>
        </span>
        <Button type="submit" size="lg" className={styles.generate} busy={generating} disabled={unavailable || loading}>
          {t(generating ? 'generating' : 'generate')}
        </Button>
      </div>
      {/* Always mounted, so a refusal is announced the moment it appears. */}
      <p id={issueId} role="alert" className={shown ? styles.feedbackError : styles.feedbackEmpty}>
        {shown && t(shown.key as Exclude<GenerationIssue['key'], 'errorLoginRequired'>, vars)}
      </p>
    </div>
  );
}
