import type { ReactNode, Ref } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import type { PublicUser as User } from '@veo3/contracts/auth';
import { Button } from '@veo3/platform/ui/button';
import { AccountNotice } from './account-notice';
import { generatorMessages } from './generator.messages';
import type { GenerationIssue } from './validate-generation';
import styles from './generator-page.module.css';

/** Refusals the account notice above Generate already says: focus goes to its link instead of repeating them. */
const SAID_BY_NOTICE: GenerationIssue['key'][] = ['errorLoginRequired', 'errorNotEnoughCredits'];

interface GenerateActionsProps {
  user: User | null;
  /** Credits for one video, and for all the videos Generate makes (variations). */
  cost: number;
  total: number;
  variations: number;
  /** The provider does not offer this model now: say so and disable Generate. */
  unavailable: boolean;
  /**
   * The catalogue's unavailable model, with why and the nearest available one (a one-click switch);
   * null from a server without the catalogue (then generation as a whole is said to be unavailable).
   */
  unavailableModel?: {
    name: string;
    message: string | null;
    alternative: { name: string; onUse: () => void } | null;
  } | null;
  /** How many videos Generate makes at once in a comparison (then `variations` is 1). */
  compared?: number;
  /** "Usually ready in about 1 min …", said before Generate. */
  waitText?: string | null;
  /** The form is being filled from a task (History's Reuse or Remix): Generate waits for it. */
  loading: boolean;
  /** The check the Generate button last failed on this tab, if any. */
  issue: GenerationIssue | null;
  /** The server refused one more generation: `max_active` are being made (said once, here). */
  tooManyActive: number | null;
  /** The id of the message line, which the field in error points at. */
  issueId: string;
  noticeLinkRef?: Ref<HTMLAnchorElement>;
  /** The visitor follows the notice's Login link: the form's draft is kept for their return. */
  onLogin?: () => void;
  /** Choices that set the cost, shown before it (Omni's length, the variations). */
  costChoice?: ReactNode;
}

/** The form's end, kept together and in view: the account or availability notice, the cost, Generate and its message. */
export function GenerateActions(props: GenerateActionsProps) {
  const { user, total, variations, unavailable, loading, issue, issueId, noticeLinkRef, costChoice } = props;
  const t = useT(generatorMessages);
  const number = new Intl.NumberFormat(useLanguage());
  const shown = issue && !SAID_BY_NOTICE.includes(issue.key) ? issue : null;
  const vars =
    shown?.vars &&
    Object.fromEntries(Object.entries(shown.vars).map(([k, v]) => [k, typeof v === 'number' ? number.format(v) : v]));
  const message = shown
    ? t(shown.key as Exclude<GenerationIssue['key'], (typeof SAID_BY_NOTICE)[number]>, vars)
    : props.tooManyActive !== null
      ? t('tooManyActive', { max: props.tooManyActive })
      : '';
  const count = props.compared || variations;
  const costText =
    count > 1
      ? t('variationsTotal', { count, cost: number.format(total) })
      : t('costValue', { cost: number.format(total) });
  return (
    <div className={styles.actions}>
      {unavailable ? (
        <p role="alert" className={`${styles.notice} ${styles.noticeWarn}`}>
          <UnavailableText model={props.unavailableModel ?? null} />
        </p>
      ) : (
        <AccountNotice user={user} cost={total} linkRef={noticeLinkRef} onLogin={props.onLogin} />
      )}
      <div className={styles.generateRow}>
        {costChoice}
        <span className={styles.cost}>
          <span className={styles.costLabel}>{t('costLabel')}</span> <strong>{costText}</strong>
        </span>
        <Button type="submit" size="lg" className={styles.generate} disabled={unavailable || loading}>
          {t('generate')}
        </Button>
      </div>
      {props.waitText && <p className={styles.waitLine}>{props.waitText}</p>}
      {/* Always mounted, so a refusal is announced the moment it appears. */}
      <p id={issueId} role="alert" className={message ? styles.feedbackError : styles.feedbackEmpty}>
        {message}
      </p>
    </div>
  );
}

/** Why Generate is disabled: the chosen model with its alternative, or its reason, or generation as a whole. */
function UnavailableText({ model }: { model: NonNullable<GenerateActionsProps['unavailableModel']> | null }) {
  const t = useT(generatorMessages);
  if (!model) return t('unavailable');
  const { alternative } = model;
  if (!alternative) return [t('modelUnavailable', { model: model.name }), model.message].filter(Boolean).join(' ');
  return (
    <>
      {t('modelUnavailableAlt', { model: model.name, alternative: alternative.name })}{' '}
      <button type="button" className="pf-button pf-button--secondary pf-button--sm" onClick={alternative.onUse}>
        {t('useAlternative', { model: alternative.name })}
      </button>
    </>
  );
}
