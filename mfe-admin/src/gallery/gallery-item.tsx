import { useId, useState } from 'react';
import type { AdminGalleryItem } from '@veo3/contracts/gallery';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { Button } from '@veo3/platform/ui/button';
import styles from '../console/admin-console.module.css';
import { actionsFor, itemTitle, type GalleryActionKind } from './gallery-actions';
import { galleryMessages } from './gallery.messages';
import own from './gallery.module.css';

/** The poster, and the video itself only when asked for (a queue of videos would otherwise load them all). */
function Media({ item, title }: { item: AdminGalleryItem; title: string }) {
  const t = useT(galleryMessages);
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      // oxlint-disable-next-line jsx-a11y/media-has-caption -- AI videos carry no caption track.
      <video
        className={own.media}
        src={item.video_url}
        poster={item.poster_url}
        controls
        autoPlay
        playsInline
        aria-label={t('videoLabel', { title })}
      />
    );
  }
  return (
    <div className={own.poster}>
      <img className={own.media} src={item.poster_url} alt="" width={320} height={180} loading="lazy" />
      <Button variant="secondary" className={own.play} onClick={() => setPlaying(true)}>
        {t('playVideo')}
      </Button>
    </div>
  );
}

export function GalleryItemCard({
  item,
  onAction,
}: {
  item: AdminGalleryItem;
  onAction: (kind: GalleryActionKind, item: AdminGalleryItem) => void;
}) {
  const t = useT(galleryMessages);
  const lang = useLanguage();
  const id = useId();
  const title = itemTitle(item, t('untitled'));
  const names = { hide: 'hide', restore: 'restore', dismiss: 'dismiss', ban: 'ban', unban: 'unban' } as const;
  return (
    <article className={own.item} aria-labelledby={`${id}-title`}>
      <Media item={item} title={title} />
      <div className={own.body}>
        <h3 id={`${id}-title`} className={own.title}>
          {title}
        </h3>
        <dl className={own.facts}>
          <dt>{t('prompt')}</dt>
          <dd>
            {item.prompt}
            {!item.show_prompt && <span className={styles.muted}> ({t('promptPrivate')})</span>}
          </dd>
          <dt>{t('owner')}</dt>
          <dd>
            {item.owner_email ? (
              <Link className={styles.link} to={`/admin/users/${encodeURIComponent(item.owner_id)}`}>
                {item.owner_email}
              </Link>
            ) : (
              t('ownerGone')
            )}{' '}
            <span className={styles.muted}>
              {item.creator_name ? t('creatorShown', { name: item.creator_name }) : t('anonymous')}
            </span>
            {item.owner_banned && <span className={`${styles.badge} ${styles.badgeBad}`}>{t('banned')}</span>}
          </dd>
          <dt>{t('state')}</dt>
          <dd>
            <span className={styles.badge}>{t(`state_${item.state}`)}</span>
            {item.reason && <span> {t('why', { reason: item.reason })}</span>}
            <br />
            <span className={styles.muted}>
              {t('facts', {
                model: item.model,
                seconds: item.duration_s,
                views: formatNumber(item.views, lang),
                remixes: formatNumber(item.remixes, lang),
              })}
              {' · '}
              {item.listed_at
                ? t('listedAt', { date: formatDate(item.listed_at, lang) })
                : t('sharedAt', { date: formatDate(item.created_at, lang) })}
              {' · '}
            </span>
            <a className={styles.link} href={item.url} target="_blank" rel="noopener">
              {t('openPage')}
            </a>
          </dd>
          <dt>{t('reports')}</dt>
          <dd>
            {item.reports.open === 0 ? (
              t('noReports')
            ) : (
              <>
                <strong>{t('openReports', { count: formatNumber(item.reports.open, lang) })}</strong>
                <ul className={own.reasons}>
                  {item.reports.by_reason.map((r) => (
                    <li key={r.reason}>
                      {t(`reason_${r.reason}`)}: {formatNumber(r.count, lang)}
                    </li>
                  ))}
                </ul>
                {item.reports.details.length > 0 && (
                  <>
                    <span className={styles.muted}>{t('reportDetails')}</span>
                    <ul className={own.details}>
                      {item.reports.details.map((text, index) => (
                        // oxlint-disable-next-line react/no-array-index-key -- two visitors may write the same words.
                        <li key={index}>{text}</li>
                      ))}
                    </ul>
                  </>
                )}
              </>
            )}
          </dd>
        </dl>
        <div className={styles.rowActions}>
          {actionsFor(item).map((kind) => (
            <Button
              key={kind}
              variant={kind === 'hide' || kind === 'ban' ? 'danger' : 'secondary'}
              aria-label={t('actionNamed', {
                action: t(names[kind]),
                title: kind === 'ban' || kind === 'unban' ? (item.owner_email ?? '') : title,
              })}
              onClick={() => onAction(kind, item)}
            >
              {t(names[kind])}
            </Button>
          ))}
        </div>
      </div>
    </article>
  );
}
