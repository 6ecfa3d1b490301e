import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { CharCounter } from '@veo3/platform/ui/char-counter';
import { Button } from '@veo3/platform/ui/button';
import { MAX_PROMPT_LENGTH } from '@veo3/contracts/generation-options';
import { MAX_VIDEO_SECONDS } from '@veo3/contracts/catalogue';
import type { CompletedVideo } from '../api/video-api';
import { RadioGroup } from './format-picker';
import { revealBox } from './reveal-if-hidden';
import { extendChoices, followUpCost, instructionIssue } from './follow-up';
import { generatorMessages } from './generator.messages';
import type { FollowUp } from './generation-state';
import styles from './generator-page.module.css';

export type FollowUpKind = FollowUp['kind'];

export interface FollowUpActionsProps {
  video: CompletedVideo;
  /** Credits per second of Omni output. */
  perSecond: number;
  /** The user's balance, checked before sending. */
  credits: number;
  /** Whether Extend takes what happens next (options' extend_instruction). */
  extendInstruction: boolean;
  /** The form open at first (History's Edit or Extend of this version). */
  initialAction?: FollowUpKind | null;
  onSubmit: (action: FollowUp) => void;
  /** The result's other buttons, in the same row: before Edit and Extend (Download) and after them (Generate New). */
  leading: ReactNode;
  trailing: ReactNode;
  /** Shown between the row and the open form (the download's status). */
  children: ReactNode;
}

/**
 * Edit and Extend for a finished Omni video: each opens its form in place, with its cost shown before
 * it is sent; Cancel or Escape closes it and gives focus back to its button.
 */
export function FollowUpActions({
  video,
  perSecond,
  credits,
  extendInstruction,
  initialAction = null,
  onSubmit,
  leading,
  trailing,
  children,
}: FollowUpActionsProps) {
  const t = useT(generatorMessages);
  const [open, setOpen] = useState<FollowUpKind | null>(initialAction);
  const buttons = useRef(new Map<FollowUpKind, HTMLButtonElement>());
  const durationS = video.duration_s;
  const canExtend = extendChoices(durationS).length > 0;

  const close = (kind: FollowUpKind) => {
    setOpen(null);
    // The form is gone with its focused field: back to the button that opened it.
    requestAnimationFrame(() => buttons.current.get(kind)?.focus());
  };
  const toggle = (kind: FollowUpKind) => (open === kind ? close(kind) : setOpen(kind));

  return (
    <>
      <div className={styles.resultActions}>
        {leading}
        {(['edit', 'extend'] as const).map((kind) => (
          <button
            key={kind}
            ref={(el) => {
              if (el) buttons.current.set(kind, el);
              else buttons.current.delete(kind);
            }}
            type="button"
            className="pf-button pf-button--secondary pf-button--md"
            aria-expanded={open === kind}
            disabled={kind === 'extend' && !canExtend}
            onClick={() => toggle(kind)}
          >
            {t(kind === 'edit' ? 'editVideo' : 'extendVideo')}
          </button>
        ))}
        {trailing}
      </div>
      {children}
      {!canExtend && <p className={styles.hint}>{t('extendAtMost', { max: MAX_VIDEO_SECONDS })}</p>}
      {open === 'edit' && (
        <EditForm
          cost={followUpCost(perSecond, durationS)}
          credits={credits}
          onCancel={() => close('edit')}
          onSubmit={(instruction) => onSubmit({ kind: 'edit', instruction })}
        />
      )}
      {open === 'extend' && canExtend && (
        <ExtendForm
          durationS={durationS}
          perSecond={perSecond}
          credits={credits}
          withInstruction={extendInstruction}
          onCancel={() => close('extend')}
          onSubmit={(seconds, instruction) =>
            onSubmit(instruction ? { kind: 'extend', seconds, instruction } : { kind: 'extend', seconds })
          }
        />
      )}
    </>
  );
}

function useCostText() {
  const t = useT(generatorMessages);
  const lang = useLanguage();
  return (cost: number) => t('costValue', { cost: formatNumber(cost, lang) });
}

interface EditFormProps {
  cost: number;
  credits: number;
  onCancel: () => void;
  onSubmit: (instruction: string) => void;
}

/** The instruction ("make it night"): Enter sends it (Shift+Enter for a new line), Escape cancels. */
function EditForm({ cost, credits, onCancel, onSubmit }: EditFormProps) {
  const t = useT(generatorMessages);
  const lang = useLanguage();
  const costText = useCostText();
  const [instruction, setInstruction] = useState('');
  const [issue, setIssue] = useState<ReturnType<typeof instructionIssue>>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const countId = useId();
  const issueId = useId();

  useEffect(() => {
    revealBox(fieldRef.current?.form ?? null);
    fieldRef.current?.focus({ preventScroll: true });
  }, []);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const refused = instructionIssue(instruction, cost, credits);
    setIssue(refused);
    if (refused) return fieldRef.current?.focus();
    onSubmit(instruction.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const vars =
    issue?.vars && Object.fromEntries(Object.entries(issue.vars).map(([k, v]) => [k, formatNumber(v, lang)]));

  return (
    // Escape reaches the form from any of its fields and buttons (as in a native <dialog>).
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form className={styles.followUpForm} noValidate onSubmit={submit} onKeyDown={escapeTo(onCancel)}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {t('editLabel')}
        </label>
        <CharCounter id={countId} count={instruction.length} max={MAX_PROMPT_LENGTH} />
      </div>
      <textarea
        ref={fieldRef}
        id={id}
        className={`${styles.textarea} ${styles.textareaShort}`}
        rows={2}
        value={instruction}
        placeholder={t('editPlaceholder')}
        aria-describedby={issue ? `${countId} ${issueId}` : countId}
        aria-invalid={issue && issue.key !== 'errorFollowUpCredits' ? true : undefined}
        onChange={(event) => {
          setIssue(null);
          setInstruction(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <FormEnd
        costText={costText(cost)}
        submitLabel={t('editSubmit')}
        onCancel={onCancel}
        issueId={issueId}
        issue={issue && t(issue.key, vars)}
      />
    </form>
  );
}

interface ExtendFormProps {
  durationS: number;
  perSecond: number;
  credits: number;
  /** Offer the optional "what happens next" instruction. */
  withInstruction: boolean;
  onCancel: () => void;
  onSubmit: (seconds: number, instruction: string) => void;
}

/** The seconds to add (4–10, never past 40 s in all), with the new length and its cost, and what happens next. */
function ExtendForm({ durationS, perSecond, credits, withInstruction, onCancel, onSubmit }: ExtendFormProps) {
  const t = useT(generatorMessages);
  const lang = useLanguage();
  const costText = useCostText();
  const choices = extendChoices(durationS);
  const [seconds, setSeconds] = useState(() => Math.min(8, choices.at(-1)!));
  const [issue, setIssue] = useState<string | null>(null);
  const [instruction, setInstruction] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const name = useId();
  const issueId = useId();
  const instructionId = useId();
  const cost = followUpCost(perSecond, seconds);

  useEffect(() => {
    revealBox(formRef.current);
    formRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus({ preventScroll: true });
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (credits < cost) {
      return setIssue(
        t('errorFollowUpCredits', { cost: formatNumber(cost, lang), credits: formatNumber(credits, lang) }),
      );
    }
    if (instruction.length > MAX_PROMPT_LENGTH) {
      return setIssue(t('errorInstructionTooLong', { count: instruction.length, max: MAX_PROMPT_LENGTH }));
    }
    onSubmit(seconds, instruction.trim());
  };

  return (
    // Escape reaches the form from any of its fields and buttons (as in a native <dialog>).
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form ref={formRef} className={styles.followUpForm} noValidate onSubmit={submit} onKeyDown={escapeTo(onCancel)}>
      <RadioGroup<number>
        legend={t('extendLabel', { seconds: durationS })}
        name={name}
        value={seconds}
        options={choices.map((s) => ({ value: s, label: t('secondsAdded', { seconds: s }) }))}
        onChange={(next) => {
          setIssue(null);
          setSeconds(next);
        }}
      />
      <p className={styles.hint}>{t('extendResult', { seconds: durationS + seconds, max: MAX_VIDEO_SECONDS })}</p>
      {withInstruction && (
        <div className={styles.field}>
          <label htmlFor={instructionId} className={styles.label}>
            {t('extendInstructionLabel')}
          </label>
          <textarea
            id={instructionId}
            className={`${styles.textarea} ${styles.textareaShort}`}
            rows={2}
            value={instruction}
            placeholder={t('extendInstructionPlaceholder')}
            onChange={(event) => {
              setIssue(null);
              setInstruction(event.target.value);
            }}
          />
        </div>
      )}
      <FormEnd
        costText={costText(cost)}
        submitLabel={t('extendSubmit', { seconds })}
        onCancel={onCancel}
        issueId={issueId}
        issue={issue}
      />
    </form>
  );
}

/** Escape anywhere in a form closes it (a native <dialog> would do the same). */
function escapeTo(onCancel: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
}

function FormEnd({
  costText,
  submitLabel,
  onCancel,
  issueId,
  issue,
}: {
  costText: string;
  submitLabel: string;
  onCancel: () => void;
  issueId: string;
  issue: string | null;
}) {
  const t = useT(generatorMessages);
  return (
    <>
      <div className={styles.followUpRow}>
        <span className={styles.cost}>
          <span className={styles.costLabel}>{t('costLabel')}</span> <strong>{costText}</strong>
        </span>
        <Button type="submit">{submitLabel}</Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
      {/* Always mounted, so a refusal is announced the moment it appears. */}
      <p id={issueId} role="alert" className={issue ? styles.feedbackError : styles.feedbackEmpty}>
        {issue}
      </p>
    </>
  );
}
