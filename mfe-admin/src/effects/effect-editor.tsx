import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@veo3/platform/i18n/i18n';
import { Link, useLocation, useParams } from '@veo3/platform/routing/router';
import { effectKeys, fetchEffects, fetchModelCatalogue } from '../api/admin-effects';
import { Notice } from '../console/notice';
import { EmptyState, ErrorState, LoadingState } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { EffectEditorForm } from './effect-editor-form';
import { EffectSampleUpload } from './effect-sample-upload';
import { effectsMessages } from './effects.messages';
import own from './effects.module.css';

/** /admin/effects/new and /admin/effects/:id: the editor, with the sample of an effect that exists. */
export function EffectEditor() {
  const t = useT(effectsMessages);
  const id = useId();
  const { id: effectId } = useParams();
  const location = useLocation();
  const created = (location.state as { created?: string } | null)?.created;
  const list = useQuery({ queryKey: effectKeys.list(), queryFn: ({ signal }) => fetchEffects(signal) });
  const catalogue = useQuery({
    queryKey: effectKeys.catalogue(),
    queryFn: ({ signal }) => fetchModelCatalogue(signal),
    staleTime: 60_000,
  });
  const effect = effectId ? list.data?.items.find((item) => item.id === effectId) : undefined;
  const failed = list.error ?? catalogue.error;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pf-visually-hidden">
        {t('listTitle')}
      </h2>
      <p>
        <Link className={styles.link} to="/admin/effects">
          {t('backToList')}
        </Link>
      </p>
      <Notice message={created ? t('createdNotice', { name: created }) : null} />
      <div className={own.layout}>
        <div className={styles.card}>
          {failed ? (
            <ErrorState error={failed} onRetry={() => void (list.isError ? list.refetch() : catalogue.refetch())} />
          ) : !list.data || !catalogue.data ? (
            <LoadingState />
          ) : effectId && !effect ? (
            <EmptyState text={t('notFound')} />
          ) : (
            <EffectEditorForm key={effect?.id ?? 'new'} effect={effect} catalogue={catalogue.data} />
          )}
        </div>
        {effect ? (
          <EffectSampleUpload id={`${id}-sample`} effect={effect} />
        ) : (
          !effectId && <p className={styles.hint}>{t('sampleSaveFirst')}</p>
        )}
      </div>
    </section>
  );
}
