import type { AdminEffect } from '@veo3/contracts/effects';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { Button } from '@veo3/platform/ui/button';
import styles from '../console/admin-console.module.css';
import { effectsMessages } from './effects.messages';
import own from './effects.module.css';

export type MoveDirection = 'up' | 'down';

/** Every effect in order with its poster, terms and state; Move up/down, Publish or Unpublish, Edit. */
export function EffectsList({
  effects,
  onMove,
  onPublish,
}: {
  effects: AdminEffect[];
  onMove: (effect: AdminEffect, direction: MoveDirection) => void;
  onPublish: (effect: AdminEffect) => void;
}) {
  const t = useT(effectsMessages);
  const lang = useLanguage();
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stack}`}>
        <caption>{t('listTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columnPoster')}</th>
            <th scope="col">{t('columnName')}</th>
            <th scope="col">{t('columnSlug')}</th>
            <th scope="col">{t('columnCategory')}</th>
            <th scope="col">{t('columnBadge')}</th>
            <th scope="col" className={styles.numeric}>
              {t('columnPrice')}
            </th>
            <th scope="col">{t('columnModel')}</th>
            <th scope="col">{t('columnState')}</th>
            <th scope="col">{t('columnActions')}</th>
          </tr>
        </thead>
        <tbody>
          {effects.map((effect, index) => {
            const name = effect.name[lang];
            return (
              <tr key={effect.id}>
                <td data-label={t('columnPoster')}>
                  {effect.poster_url ? (
                    <img className={own.thumb} src={effect.poster_url} alt="" loading="lazy" />
                  ) : (
                    <span className={styles.muted}>{t('noPoster')}</span>
                  )}
                </td>
                <th scope="row">{name}</th>
                <td data-label={t('columnSlug')} className={styles.mono}>
                  {effect.slug}
                </td>
                <td data-label={t('columnCategory')}>{t(`category_${effect.category}`)}</td>
                <td data-label={t('columnBadge')}>{t(`badge_${effect.badge ?? 'none'}`)}</td>
                <td data-label={t('columnPrice')} className={styles.numeric}>
                  {t('credits', { n: formatNumber(effect.price, lang) })}
                </td>
                <td data-label={t('columnModel')} className={styles.mono}>
                  {effect.settings.model}
                </td>
                <td data-label={t('columnState')}>
                  <span className={`${styles.badge} ${effect.published ? '' : styles.badgeWarn}`}>
                    {t(effect.published ? 'published' : 'draft')}
                  </span>
                </td>
                <td data-label={t('columnActions')}>
                  <div className={own.actions}>
                    <Button
                      id={`effect-up-${effect.id}`}
                      variant="secondary"
                      size="sm"
                      aria-label={t('moveUpNamed', { name })}
                      disabled={index === 0}
                      onClick={() => onMove(effect, 'up')}
                    >
                      {t('moveUp')}
                    </Button>
                    <Button
                      id={`effect-down-${effect.id}`}
                      variant="secondary"
                      size="sm"
                      aria-label={t('moveDownNamed', { name })}
                      disabled={index === effects.length - 1}
                      onClick={() => onMove(effect, 'down')}
                    >
                      {t('moveDown')}
                    </Button>
                    <Button
                      variant={effect.published ? 'danger' : 'primary'}
                      size="sm"
                      aria-label={t(effect.published ? 'unpublishNamed' : 'publishNamed', { name })}
                      onClick={() => onPublish(effect)}
                    >
                      {t(effect.published ? 'unpublish' : 'publish')}
                    </Button>
                    <Link
                      className={`${styles.link} ${own.editLink}`}
                      to={`/admin/effects/${encodeURIComponent(effect.id)}`}
                      aria-label={t('editNamed', { name })}
                    >
                      {t('edit')}
                    </Link>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
