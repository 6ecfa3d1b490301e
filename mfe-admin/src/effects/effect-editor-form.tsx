import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EFFECT_BADGES,
  EFFECT_CATEGORIES,
  EFFECT_PRICE_MAX,
  EFFECT_SLUG_MAX,
  type AdminEffect,
  type EffectDraft,
} from '@veo3/contracts/effects';
import type { OfferedModel } from '@veo3/contracts/model-catalogue';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { useNavigate } from '@veo3/platform/routing/router';
import { Button } from '@veo3/platform/ui/button';
import { adminMessages } from '../admin.messages';
import { adminKeys } from '../api/admin-keys';
import { createEffect, effectKeys, updateEffect } from '../api/admin-effects';
import { Notice } from '../console/notice';
import { reasonOf } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { EffectFaqFieldset } from './effect-faq-fieldset';
import { BilingualFields, TextField } from './effect-fields';
import { withEffect, type EffectList } from './effect-list-cache';
import { draftOf, formOf, undeclaredKeys, type EffectForm, type FieldErrors } from './effect-form';
import { EffectInputsFieldset } from './effect-inputs-fieldset';
import { EffectSettingsFields } from './effect-settings-fields';
import { effectsMessages } from './effects.messages';
import own from './effects.module.css';
import { PromptTemplateField } from './prompt-template-field';

/**
 * The form of a new effect or of `effect`: checked here first (the template's placeholders at once),
 * then by the server, whose refusal is shown beside the form with every field kept as typed.
 */
export function EffectEditorForm({ effect, catalogue }: { effect?: AdminEffect; catalogue: OfferedModel[] }) {
  const t = useT(effectsMessages);
  const ta = useT(adminMessages);
  const lang = useLanguage();
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form, setForm] = useState<EffectForm>(() => formOf(effect));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const save = useMutation({
    mutationFn: (draft: EffectDraft) => (effect ? updateEffect(effect.id, draft) : createEffect(draft)),
    onSuccess: (saved) => {
      const name = saved.name[lang];
      client.setQueryData<EffectList>(effectKeys.list(), (list) =>
        effect ? withEffect(list, saved) : list && { items: [...list.items, saved] },
      );
      void client.invalidateQueries({ queryKey: effectKeys.list() });
      setForm((f) => ({ ...f, reason: '' }));
      setNotice({ message: t(effect ? 'savedNotice' : 'createdNotice', { name }), failed: false });
      // A new effect continues in its own editor, where its sample can be added.
      if (!effect) navigate(`/admin/effects/${encodeURIComponent(saved.id)}`, { state: { created: name } });
    },
    onError: (error) =>
      setNotice({ message: ta('actionFailed', { reason: reasonOf(error, ta('unknownError')) }), failed: true }),
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.audit() }),
  });

  const set =
    <K extends keyof EffectForm>(field: K) =>
    (value: EffectForm[K]) =>
      setForm((f) => ({ ...f, [field]: value }));
  const errorAt = (path: string) => (errors[path] ? t(errors[path]) : undefined);
  const bilingualErrors = (path: string) => ({ en: errorAt(`${path}.en`), 'zh-CN': errorAt(`${path}.zh-CN`) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = draftOf(form);
    setErrors(checked.errors ?? {});
    if (checked.draft && undeclaredKeys(form.prompt_template, form.inputs).length === 0) {
      save.mutate(checked.draft);
      return;
    }
    setNotice({ message: t('fixErrors'), failed: true });
    // Once the errors are drawn, the keyboard goes to the first field that needs attention.
    const target = event.currentTarget as HTMLFormElement;
    requestAnimationFrame(() => target.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  return (
    <form className={own.editor} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {effect ? t('editTitle', { name: effect.name[lang] }) : t('newTitle')}
      </h3>
      <fieldset className={own.group}>
        <legend className={own.legend}>{t('basics')}</legend>
        <div className={own.grid}>
          <TextField
            id={`${id}-slug`}
            label={t('slug')}
            hint={t('slugHint')}
            error={errorAt('slug')}
            maxLength={EFFECT_SLUG_MAX}
            autoComplete="off"
            spellCheck={false}
            value={form.slug}
            onChange={(e) => set('slug')(e.target.value)}
          />
          <div className={styles.field}>
            <label htmlFor={`${id}-category`}>{t('category')}</label>
            <select
              id={`${id}-category`}
              className={styles.input}
              value={form.category}
              onChange={(e) => set('category')(e.target.value as EffectForm['category'])}
            >
              {EFFECT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`category_${category}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-badge`}>{t('badge')}</label>
            <select
              id={`${id}-badge`}
              className={styles.input}
              value={form.badge}
              onChange={(e) => set('badge')(e.target.value as EffectForm['badge'])}
            >
              {(['', ...EFFECT_BADGES] as const).map((badge) => (
                <option key={badge} value={badge}>
                  {t(`badge_${badge || 'none'}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <BilingualFields
          id={`${id}-name`}
          label={t('name')}
          value={form.name}
          errors={bilingualErrors('name')}
          onChange={set('name')}
        />
        <BilingualFields
          id={`${id}-description`}
          label={t('description')}
          value={form.description}
          long
          errors={bilingualErrors('description')}
          onChange={set('description')}
        />
        <label className={own.check}>
          <input type="checkbox" checked={form.people} onChange={(e) => set('people')(e.target.checked)} />
          {t('people')}
        </label>
      </fieldset>
      <EffectInputsFieldset id={`${id}-inputs`} inputs={form.inputs} errorAt={errorAt} onChange={set('inputs')} />
      <EffectSettingsFields
        id={`${id}-settings`}
        catalogue={catalogue}
        settings={form}
        error={errorAt('settings')}
        onChange={(settings) => setForm((f) => ({ ...f, ...settings }))}
      />
      <div className={own.grid}>
        <TextField
          id={`${id}-price`}
          label={t('price')}
          error={errorAt('price')}
          type="number"
          min={1}
          max={EFFECT_PRICE_MAX}
          step={1}
          inputMode="numeric"
          value={form.price}
          onChange={(e) => set('price')(e.target.value)}
        />
      </div>
      <PromptTemplateField
        id={`${id}-prompt`}
        template={form.prompt_template}
        inputs={form.inputs}
        error={errorAt('prompt_template')}
        onChange={set('prompt_template')}
      />
      <EffectFaqFieldset id={`${id}-faq`} faq={form.faq} errorAt={errorAt} onChange={set('faq')} />
      <TextField
        id={`${id}-reason`}
        label={t('reason')}
        error={errorAt('reason')}
        maxLength={500}
        value={form.reason}
        onChange={(e) => set('reason')(e.target.value)}
      />
      <div className={styles.rowActions}>
        <Button type="submit" variant="primary" busy={save.isPending}>
          {t(effect ? 'save' : 'create')}
        </Button>
      </div>
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
    </form>
  );
}
