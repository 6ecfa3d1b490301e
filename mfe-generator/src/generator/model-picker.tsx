import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import type { Resolution } from '@veo3/contracts/generation-options';
import { modelCost, type OfferedModel } from '@veo3/contracts/model-catalogue';
import { generatorMessages } from './generator.messages';
import { fullResolution, groupByVendor, strengthIn } from './offered-models';
import type { ModelChoice } from './use-model-choice';
import styles from './generator-page.module.css';

/** "40 credits · 4–15 s · audio": a model's price (at `resolution` where it makes it), lengths and sound. */
export function useModelFacts() {
  const t = useT(generatorMessages);
  const number = new Intl.NumberFormat(useLanguage());
  return (model: OfferedModel, resolution: Resolution) => {
    const at = model.price.credits[resolution] !== undefined ? resolution : (fullResolution(model) ?? resolution);
    const credits = modelCost(model, at, 1) ?? Math.min(...Object.values(model.price.credits));
    const price = t(model.price.per === 'second' ? 'priceSecond' : 'priceVideo', { credits: number.format(credits) });
    const durations = model.outputs.durations;
    const [min, max] = [Math.min(...durations), Math.max(...durations)];
    const length = min === max ? t('secondsShort', { seconds: min }) : t('lengthRange', { min, max });
    return [price, length, t(model.outputs.audio ? 'audioYes' : 'audioNo')].join(' · ');
  };
}

export interface ModelPickerProps {
  /** The radios' name. */
  name: string;
  choice: Pick<ModelChoice, 'tab' | 'model' | 'compare' | 'shape'>;
  onChoose: (modelId: string) => void;
  onCompare: (on: boolean) => void;
  onToggleCompared: (modelId: string) => void;
}

/**
 * The model: a button naming the chosen one opens the tab's models grouped by vendor (native radios,
 * so arrows move the choice and each group's legend names its vendor), or, while comparing, boxes to
 * tick. A model that cannot make a video now is shown disabled with the reason.
 */
export function ModelPicker({ name, choice, onChoose, onCompare, onToggleCompared }: ModelPickerProps) {
  const t = useT(generatorMessages);
  const facts = useModelFacts();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const buttonId = useId();
  const panelId = useId();
  const { compare, model } = choice;
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  // Escape closes the list, and so does Enter (which would otherwise send the form: Generate).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' && event.key !== 'Enter') return;
    event.preventDefault();
    close();
  };
  const title = compare.on ? t('comparing', { count: compare.models.length }) : model.name;
  const subtitle = compare.on ? compare.models.map((m) => m.name).join(', ') : facts(model, choice.shape.resolution);

  return (
    <div className={styles.modelPicker}>
      <div className={styles.modelRow}>
        <span id={labelId} className={styles.label}>
          {t('modelLabel')}
        </span>
        <button
          ref={buttonRef}
          id={buttonId}
          type="button"
          className={styles.modelButton}
          aria-expanded={open}
          aria-controls={panelId}
          aria-labelledby={`${labelId} ${buttonId}`}
          onClick={() => setOpen(!open)}
        >
          <span className={styles.modelButtonName}>{title}</span>
          <span className={styles.modelButtonFacts}>{subtitle}</span>
          <span aria-hidden="true" className={styles.modelButtonCaret}>
            ▾
          </span>
        </button>
        {compare.offered && (
          <label className={styles.compareToggle}>
            <input
              type="checkbox"
              checked={compare.on}
              onChange={(event) => {
                onCompare(event.target.checked);
                // Turning comparison on opens the list, where the models are ticked.
                if (event.target.checked) setOpen(true);
              }}
            />
            <span className={styles.compareLong}>{t('compareToggle')}</span>
            <span className={styles.compareShort} aria-hidden="true">
              {t('compareShort')}
            </span>
          </label>
        )}
      </div>
      {open && (
        // Escape reaches the list from any of its choices (as in a native <dialog>).
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          id={panelId}
          role="group"
          aria-label={t('modelOptionsLabel')}
          className={styles.modelPanel}
          onKeyDown={onKeyDown}
        >
          <p className={styles.hint}>{compare.on ? t('compareHint', { max: compare.max }) : t('modelPickerHint')}</p>
          {groupByVendor(choice.tab).map((group) => (
            <fieldset key={group.vendor} className={styles.vendorGroup}>
              <legend className={styles.vendorName}>{group.vendor}</legend>
              {group.models.map((m) => (
                <ModelOptionRow
                  key={m.id}
                  name={name}
                  model={m}
                  facts={facts(m, choice.shape.resolution)}
                  compare={compare}
                  checked={compare.on ? compare.models.includes(m) : m.id === model.id}
                  onPick={() => (compare.on ? onToggleCompared(m.id) : onChoose(m.id))}
                  // A click on a model chooses it and closes the list; arrow keys move the choice and keep it open.
                  onClicked={() => !compare.on && close()}
                />
              ))}
            </fieldset>
          ))}
          <button type="button" className="pf-button pf-button--secondary pf-button--sm" onClick={close}>
            {t('modelsDone')}
          </button>
        </div>
      )}
    </div>
  );
}

interface ModelOptionRowProps {
  name: string;
  model: OfferedModel;
  facts: string;
  compare: ModelChoice['compare'];
  checked: boolean;
  onPick: () => void;
  /** A pointer's click (not the arrow keys' or Space's). */
  onClicked: () => void;
}

/** One model in the list: its name, facts and strength, and why it is disabled when it is. */
function ModelOptionRow({ name, model, facts, compare, checked, onPick, onClicked }: ModelOptionRowProps) {
  const t = useT(generatorMessages);
  const lang = useLanguage();
  const id = useId();
  const full = compare.on && !checked && compare.models.length >= compare.max;
  const reason = !model.available
    ? (model.message ?? t('modelUnavailable', { model: model.name }))
    : full
      ? t('compareFull', { max: compare.max })
      : null;
  return (
    <label className={`${styles.modelOption} ${reason ? styles.modelOptionDisabled : ''}`}>
      <input
        type={compare.on ? 'checkbox' : 'radio'}
        name={compare.on ? undefined : name}
        value={model.id}
        checked={checked}
        disabled={Boolean(reason) && !checked}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-facts ${id}-strength${reason ? ` ${id}-reason` : ''}`}
        onChange={onPick}
        onClick={(event) => event.detail > 0 && onClicked()}
        className={styles.modelOptionInput}
      />
      <span className={styles.modelOptionText}>
        <span id={`${id}-name`} className={styles.modelOptionName}>
          {model.name}
        </span>
        <span id={`${id}-facts`} className={styles.modelOptionFacts}>
          {facts}
        </span>
        <span id={`${id}-strength`} className={styles.modelOptionStrength}>
          {strengthIn(model, lang)}
        </span>
        {reason && (
          <span id={`${id}-reason`} className={styles.modelOptionReason}>
            {reason}
          </span>
        )}
      </span>
    </label>
  );
}

/**
 * The video's length, for a model priced by length: a compact select beside the cost it changes, so
 * the form keeps Generate in the first screen on a phone.
 */
export function DurationPicker({
  durations,
  seconds,
  onChange,
}: {
  durations: readonly number[];
  seconds: number;
  onChange: (seconds: number) => void;
}) {
  const t = useT(generatorMessages);
  const id = useId();
  return (
    <span className={styles.durationPicker}>
      <label htmlFor={id} className={styles.costLabel}>
        {t('durationLabel')}
      </label>
      <select
        id={id}
        className={styles.durationSelect}
        value={seconds}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {durations.map((s) => (
          <option key={s} value={s}>
            {t('secondsShort', { seconds: s })}
          </option>
        ))}
      </select>
    </span>
  );
}
