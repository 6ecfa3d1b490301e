import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Effect, EffectInput } from '@veo3/contracts/effects';
import { trackEvent } from '@veo3/platform/analytics/analytics';
import { ApiError } from '@veo3/platform/api/api-client';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link, useNavigate } from '@veo3/platform/routing/router';
import { useLoginPath } from '@veo3/platform/session/login-return';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { CharCounter } from '@veo3/platform/ui/char-counter';
import { generateEffect } from '../api/effects-api';
import { AccountNotice } from '../generator/account-notice';
import { ImageUpload } from '../generator/image-upload';
import { useFeedSubmit, type SentRequest } from '../generator/use-feed-submit';
import { effectsMessages } from './effects.messages';
import { useEffectForm, type EffectIssue } from './use-effect-form';

/** Where the terms say what photos of real people may be used for. */
export const PEOPLE_RULE_PATH = '/terms-of-service#acceptable-use';

const noReload = () => {};

// A made video's card (progress, player, share) is code the page needs only after Create: it loads
// when the visitor first focuses a field of the form, off the page's first paint and the remote's first render.
const loadEffectTask = () => import('./effect-task').then((m) => ({ default: m.EffectTask }));
const EffectTask = lazy(loadEffectTask);

/** The server's refusals said beside the form rather than on a result (nothing was made). */
const FORM_REFUSALS = new Set([400, 413, 422]);

/**
 * An effect's own form: its photos and texts, the people-in-photos confirmation, the price and one
 * Create. A visitor is sent to sign in with the inputs kept; the videos Create makes appear below it.
 */
export function EffectForm({ effect }: { effect: Effect }) {
  const t = useT(effectsMessages);
  const lang = useLanguage();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const { user, restored } = useSession();
  const form = useEffectForm(effect, restored);
  const sender = useFeedSubmit(user?.id ?? null, noReload);
  const [short, setShort] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const baseId = useId();
  const issueId = `${baseId}-issue`;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const preload = () => void loadEffectTask();
    const element = formRef.current;
    element?.addEventListener('focusin', preload, { once: true });
    return () => element?.removeEventListener('focusin', preload);
  }, []);
  const inputId = (input: EffectInput) => `${baseId}-${input.key}`;
  const hasPhotos = effect.inputs.some((input) => input.kind === 'photo');
  const consentNeeded = effect.people && hasPhotos && !form.consent;

  const issueText = (issue: EffectIssue) => {
    const input = issue.input;
    const label = input?.label[lang] ?? '';
    return t(issue.key, { label, max: input?.kind === 'text' ? input.max_length : 0 });
  };

  const focusIssue = (issue: EffectIssue) => {
    const id = issue.input ? inputId(issue.input) : `${baseId}-consent`;
    formRef.current?.querySelector<HTMLElement>(`[data-field="${id}"] input, #${CSS.escape(id)}`)?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const failed = form.validate();
    if (failed) return focusIssue(failed);
    if (!user) {
      await form.keep();
      return void navigate(loginPath);
    }
    setShort(false);
    const request = form.request();
    await sender.submit(
      effect.name[lang],
      () => generateEffect(effect.slug, request),
      () => trackEvent('generate_video', { type: 'effect', effect: effect.slug }),
      {
        model: effect.settings.model,
        saysRefusal: (error) => {
          if (!(error instanceof ApiError)) return false;
          if (error.status === 402) setShort(true);
          else if (FORM_REFUSALS.has(error.status)) setRefusal(error.message);
          else return false;
          return true;
        },
      },
    );
  };

  const backToForm = () => {
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector<HTMLElement>('input:not([disabled]), button')?.focus();
  };
  const retry = (request: SentRequest) => {
    sender.dismiss(request.key);
    backToForm();
  };

  const message = form.issue ? issueText(form.issue) : (refusal ?? '');
  return (
    <>
      <form ref={formRef} className="fx-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h2 className="fx-form__title">{t('formTitle')}</h2>
        {form.notice && (
          <p role="status" className="fx-status">
            {t(form.notice)}
          </p>
        )}
        {effect.people && hasPhotos && (
          <div className="fx-consent">
            <input
              id={`${baseId}-consent`}
              type="checkbox"
              checked={form.consent}
              aria-invalid={form.issue?.key === 'consentRequired' || undefined}
              aria-describedby={form.issue?.key === 'consentRequired' ? issueId : undefined}
              onChange={(event) => form.changeConsent(event.target.checked)}
            />
            <label htmlFor={`${baseId}-consent`}>
              {t('consentLabel')} <Link to={PEOPLE_RULE_PATH}>{t('consentRule')}</Link>
            </label>
          </div>
        )}
        {effect.inputs.map((input) =>
          input.kind === 'photo' ? (
            <div key={input.key} data-field={inputId(input)}>
              <ImageUpload
                field={form.photos[input.key]}
                label={`${input.label[lang]}${input.required ? '' : ` ${t('optional')}`}`}
                disabledReason={consentNeeded ? t('consentNeeded') : null}
              />
            </div>
          ) : (
            <div key={input.key} className="fx-field">
              <label htmlFor={inputId(input)}>
                {input.label[lang]}
                {input.required ? '' : ` ${t('optional')}`}
              </label>
              <input
                id={inputId(input)}
                type="text"
                value={form.texts[input.key] ?? ''}
                maxLength={input.max_length}
                aria-invalid={form.issue?.input === input || undefined}
                aria-describedby={`${inputId(input)}-count${form.issue?.input === input ? ` ${issueId}` : ''}`}
                onChange={(event) => form.setText(input.key, event.target.value)}
              />
              <CharCounter
                id={`${inputId(input)}-count`}
                count={(form.texts[input.key] ?? '').length}
                max={input.max_length}
              />
            </div>
          ),
        )}
        <AccountNotice user={user} cost={effect.price} short={short} onLogin={() => void form.keep()} />
        <Button type="submit" size="lg">
          {t('create', { price: effect.price })}
        </Button>
        {/* Always mounted, so a refusal is announced the moment it appears. */}
        <p id={issueId} role="alert" className="fx-error">
          {message}
        </p>
      </form>
      {sender.requests.length > 0 && (
        <ul className="fx-results" aria-label={t('formTitle')}>
          <Suspense fallback={<li role="status">{t('resultLoading')}</li>}>
            {sender.requests.map((request) => (
              <EffectTask
                key={request.key}
                request={request}
                userId={user?.id ?? null}
                onRetry={retry}
                onNew={backToForm}
              />
            ))}
          </Suspense>
        </ul>
      )}
    </>
  );
}
