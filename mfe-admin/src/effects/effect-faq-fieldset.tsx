import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import styles from '../console/admin-console.module.css';
import { BilingualFields } from './effect-fields';
import { emptyText, type EffectForm } from './effect-form';
import { effectsMessages } from './effects.messages';
import own from './effects.module.css';

/** The contract's limit of FAQ entries. */
const FAQ_MAX = 8;

type Faq = EffectForm['faq'];

/** The effect page's questions and answers, in both languages. */
export function EffectFaqFieldset({
  id,
  faq,
  errorAt,
  onChange,
}: {
  id: string;
  faq: Faq;
  errorAt: (path: string) => string | undefined;
  onChange: (faq: Faq) => void;
}) {
  const t = useT(effectsMessages);
  const set = (index: number, change: Partial<Faq[number]>) =>
    onChange(faq.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));
  const errorsOf = (path: string) => ({ en: errorAt(`${path}.en`), 'zh-CN': errorAt(`${path}.zh-CN`) });
  return (
    <fieldset className={own.group}>
      <legend className={own.legend}>{t('faq')}</legend>
      {faq.map((entry, index) => (
        // Entries have no id of their own; the fields are controlled, so an index key loses nothing.
        <fieldset key={index} className={own.item}>
          <legend className={own.legend}>{t('faqEntry', { n: index + 1 })}</legend>
          <BilingualFields
            id={`${id}-${index}-q`}
            label={t('question')}
            value={entry.question}
            errors={errorsOf(`faq.${index}.question`)}
            onChange={(question) => set(index, { question })}
          />
          <BilingualFields
            id={`${id}-${index}-a`}
            label={t('answer')}
            value={entry.answer}
            long
            errors={errorsOf(`faq.${index}.answer`)}
            onChange={(answer) => set(index, { answer })}
          />
          <div className={styles.rowActions}>
            <Button variant="ghost" size="sm" onClick={() => onChange(faq.filter((_, i) => i !== index))}>
              {t('removeFaq', { n: index + 1 })}
            </Button>
          </div>
        </fieldset>
      ))}
      <div className={styles.rowActions}>
        <Button
          variant="secondary"
          size="sm"
          disabled={faq.length >= FAQ_MAX}
          onClick={() => onChange([...faq, { question: emptyText(), answer: emptyText() }])}
        >
          {t('addFaq')}
        </Button>
      </div>
    </fieldset>
  );
}
