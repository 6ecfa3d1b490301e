import { Inject, Injectable } from '@nestjs/common';
import {
  GALLERY_REPORT_DETAILS_MAX,
  GALLERY_REPORT_REASONS,
  GALLERY_SORTS,
  type GalleryItem,
  type GalleryList,
  type GallerySort,
} from '@veo3/contracts/gallery';
import { GALLERY_CATEGORIES, type GalleryCategory } from '@veo3/contracts/sharing';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { escapeHtml } from '../site/html';
import { PageShellRenderer } from '../site/page-shell.renderer';
import type { Language } from '../site/prerendered-pages';
import { galleryPageText, type GalleryPageText } from './gallery-pages.messages';
import type { SharedVideoEntity } from './shared-video.entity';

/** How much of a prompt a card shows. */
const EXCERPT_MAX = 90;
/** Cards whose poster loads at once: the first row or two; the rest as they scroll into view. */
const EAGER_POSTERS = 4;

/** The pages' own styles (the page shell's stylesheet does not know them), from the design tokens only. */
const EXPLORE_STYLE = `<style>
.gallery-page{max-width:72rem;margin:0 auto;padding:var(--pf-space-8) var(--pf-space-4);color:var(--pf-color-text)}
.gallery-page h1{font-size:var(--pf-font-size-2xl);line-height:1.2;margin:0 0 var(--pf-space-2)}
.gallery-page__lead{color:var(--pf-color-zinc-300);margin:0 0 var(--pf-space-6)}
.gallery-page__tabs{display:flex;flex-wrap:wrap;gap:var(--pf-space-2);margin:0 0 var(--pf-space-3);padding:0;list-style:none}
.gallery-page__tab{display:inline-block;padding:var(--pf-space-2) var(--pf-space-4);border-radius:var(--pf-radius-pill);border:1px solid var(--pf-color-white-a15);color:var(--pf-color-zinc-200);text-decoration:none;font-size:var(--pf-font-size-sm)}
.gallery-page__tab[aria-current="page"]{background:var(--pf-color-violet-600);border-color:var(--pf-color-violet-600);color:var(--pf-color-white)}
.gallery-page__tab:focus-visible,.gallery-page a:focus-visible{outline:var(--pf-focus-ring);outline-offset:var(--pf-focus-offset)}
.gallery-page__grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:var(--pf-space-6);margin:var(--pf-space-6) 0;padding:0;list-style:none}
.gallery-page__card{display:flex;flex-direction:column;gap:var(--pf-space-2);min-width:0}
.gallery-page__poster{display:block;aspect-ratio:16/9;border-radius:var(--pf-radius-lg);overflow:hidden;background:var(--pf-color-ink-800)}
.gallery-page__poster img{display:block;width:100%;height:100%;object-fit:cover}
.gallery-page__card h2{font-size:var(--pf-font-size-base);line-height:1.4;margin:0;overflow-wrap:anywhere}
.gallery-page__card h2 a{color:var(--pf-color-text);text-decoration:none}
.gallery-page__card h2 a:hover{text-decoration:underline}
.gallery-page__meta{margin:0;color:var(--pf-color-zinc-400);font-size:var(--pf-font-size-sm);overflow-wrap:anywhere}
.gallery-page__report{align-self:flex-start;color:var(--pf-color-zinc-400);font-size:var(--pf-font-size-xs)}
.gallery-page__pages{display:flex;flex-wrap:wrap;gap:var(--pf-space-4);align-items:center;justify-content:center}
.gallery-page__pages a{color:var(--pf-color-link)}
.gallery-page__empty{padding:var(--pf-space-12) 0;text-align:center}
.gallery-page__form{display:flex;flex-direction:column;gap:var(--pf-space-4);max-width:36rem}
.gallery-page fieldset{border:1px solid var(--pf-color-white-a15);border-radius:var(--pf-radius-lg);padding:var(--pf-space-4);margin:0}
.gallery-page legend{padding:0 var(--pf-space-2);font-weight:600}
.gallery-page__choice{display:flex;gap:var(--pf-space-2);align-items:center;padding:var(--pf-space-1) 0}
.gallery-page textarea{width:100%;box-sizing:border-box;min-height:6rem;padding:var(--pf-space-3);border-radius:var(--pf-radius-md);border:1px solid var(--pf-color-white-a20);background:var(--pf-color-ink-850);color:var(--pf-color-text);font:inherit}
.gallery-page__hint{margin:0;color:var(--pf-color-zinc-400);font-size:var(--pf-font-size-sm)}
.gallery-page__error{margin:0;color:var(--pf-color-red-300)}
.gallery-page__about{display:flex;gap:var(--pf-space-4);align-items:center;margin:0 0 var(--pf-space-6)}
.gallery-page__about img{width:8rem;aspect-ratio:16/9;object-fit:cover;border-radius:var(--pf-radius-md);background:var(--pf-color-ink-800)}
.gallery-page__actions{display:flex;flex-wrap:wrap;gap:var(--pf-space-3);align-items:center}
@media (max-width:480px){.gallery-page{padding:var(--pf-space-6) var(--pf-space-3)}.gallery-page__grid{grid-template-columns:1fr}.gallery-page__about{flex-direction:column;align-items:flex-start}}
</style>`;

/** `text` on one line, cut at a word before `max` characters, with an ellipsis when cut. */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const head = flat.slice(0, max);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** What /explore shows: the page's list and the choices that made it. */
export interface ExploreView {
  list: GalleryList;
  sort: GallerySort;
  category: GalleryCategory | undefined;
  page: number;
  lang: Language;
  /** The address named its language (`?lang=`): the page's own links keep it. */
  langInAddress: boolean;
}

/** The report form's state when it is shown again: what was typed and what is wrong. */
export interface ReportFormState {
  reason?: string;
  details?: string;
  errors?: string[];
}

/**
 * The gallery's server-rendered pages inside the page shell, whole for crawlers and readers without
 * JavaScript: /explore (sort tabs, categories, cards linking to each video's page, pages) and the
 * report form of a shared video with its thank-you, not-found and too-many pages.
 */
@Injectable()
export class GalleryPagesRenderer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shell: PageShellRenderer,
  ) {}

  explorePage(view: ExploreView): string {
    const { lang, list, sort, category, page } = view;
    const t = (key: GalleryPageText, vars?: Record<string, string | number>) =>
      escapeHtml(galleryPageText(lang, key, vars));
    const href = (choice: { sort?: GallerySort; category?: GalleryCategory; page?: number }) =>
      this.exploreHref(choice, view.langInAddress ? lang : null);
    const tabs = GALLERY_SORTS.map(
      (s) =>
        `<li><a class="gallery-page__tab" href="${href({ sort: s, category })}"${s === sort ? ' aria-current="page"' : ''}>${t(`sort_${s}`)}</a></li>`,
    ).join('');
    const categories = [undefined, ...GALLERY_CATEGORIES]
      .map(
        (c) =>
          `<li><a class="gallery-page__tab" href="${href({ sort, category: c })}"${c === category ? ' aria-current="page"' : ''}>${t(`category_${c ?? 'all'}`)}</a></li>`,
      )
      .join('');
    const cards = list.items.map((item, index) => this.card(item, index, lang)).join('');
    const pages = [
      page > 1 ? `<a rel="prev" href="${href({ sort, category, page: page - 1 })}">${t('previous')}</a>` : '',
      page > 1 || list.has_more ? `<span>${t('pageNumber', { page })}</span>` : '',
      list.has_more ? `<a rel="next" href="${href({ sort, category, page: page + 1 })}">${t('next')}</a>` : '',
    ].join('');
    const body =
      `<main><div class="gallery-page">${EXPLORE_STYLE}` +
      `<h1>${t('exploreTitle')}</h1><p class="gallery-page__lead">${t('exploreLead')}</p>` +
      `<nav aria-label="${t('sortLabel')}"><ul class="gallery-page__tabs">${tabs}</ul></nav>` +
      `<nav aria-label="${t('categoriesLabel')}"><ul class="gallery-page__tabs">${categories}</ul></nav>` +
      (cards
        ? `<ul class="gallery-page__grid">${cards}</ul>`
        : `<div class="gallery-page__empty"><h2>${t('emptyTitle')}</h2><p>${t('emptyText')}</p>` +
          `<p><a class="pf-button pf-button--md pf-button--primary" href="/text-to-veo3-video">${t('emptyAction')}</a></p></div>`) +
      (pages.trim() ? `<nav class="gallery-page__pages" aria-label="${t('pagesLabel')}">${pages}</nav>` : '') +
      `</div></main>`;
    const canonicalPath = this.exploreHref({ sort, category, page }, null).replace(/&amp;/g, '&');
    return this.shell.renderPage(
      '/explore',
      {
        title: page > 1 ? galleryPageText(lang, 'explorePageTitle', { page }) : galleryPageText(lang, 'exploreTitle'),
        description: galleryPageText(lang, 'exploreDescription'),
        image: list.items[0]?.poster_url ?? null,
        canonicalPath,
        jsonLd: this.itemList(list.items, canonicalPath, lang),
        body,
      },
      lang,
    );
  }

  /** `/explore` with the non-default choices as its query, HTML-escaped. */
  private exploreHref(
    choice: { sort?: GallerySort; category?: GalleryCategory; page?: number },
    lang: Language | null,
  ): string {
    const params = new URLSearchParams();
    if (choice.sort && choice.sort !== 'newest') params.set('sort', choice.sort);
    if (choice.category) params.set('category', choice.category);
    if (choice.page && choice.page > 1) params.set('page', String(choice.page));
    if (lang) params.set('lang', lang);
    const query = params.toString();
    return escapeHtml(query ? `/explore?${query}` : '/explore');
  }

  private card(item: GalleryItem, index: number, lang: Language): string {
    const t = (key: GalleryPageText, vars?: Record<string, string | number>) =>
      escapeHtml(galleryPageText(lang, key, vars));
    const creator = item.creator_name ?? galleryPageText(lang, 'anonymous');
    const title = item.prompt ? excerpt(item.prompt) : galleryPageText(lang, 'promptHidden', { creator });
    const views =
      item.views === 1 ? t('oneView') : t('views', { count: new Intl.NumberFormat(lang).format(item.views) });
    const page = `/v/${item.id}`;
    const loading = index < EAGER_POSTERS ? '' : ' loading="lazy"';
    return (
      `<li><article class="gallery-page__card">` +
      // The poster repeats the title's link: one stop for keyboards and screen readers.
      `<a class="gallery-page__poster" href="${page}" tabindex="-1" aria-hidden="true">` +
      `<img src="${item.poster_url}" alt="" width="480" height="270"${loading} decoding="async" /></a>` +
      `<h2><a href="${page}">${escapeHtml(title)}</a></h2>` +
      `<p class="gallery-page__meta">${escapeHtml(creator)} · ${views} · ${t(`category_${item.category}`)}</p>` +
      `<a class="gallery-page__report" href="${page}/report" aria-label="${t('reportVideo', { title })}">${t('report')}</a>` +
      `</article></li>`
    );
  }

  /** schema.org's ItemList of the page's videos, for search engines. */
  private itemList(items: GalleryItem[], path: string, lang: Language): object {
    return {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: galleryPageText(lang, 'exploreTitle'),
      url: `${this.config.siteUrl}${path}`,
      mainEntity: {
        '@type': 'ItemList',
        itemListElement: items.map((item, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: item.url,
          item: {
            '@type': 'VideoObject',
            name: item.prompt ? excerpt(item.prompt) : galleryPageText(lang, 'exploreTitle'),
            description: item.prompt ?? galleryPageText(lang, 'exploreDescription'),
            thumbnailUrl: `${this.config.siteUrl}${item.poster_url}`,
            contentUrl: `${this.config.siteUrl}${item.video_url}`,
            uploadDate: item.listed_at,
            duration: `PT${item.duration_s}S`,
          },
        })),
      },
    };
  }

  /** The report form of a live shared video, again with what was typed and its errors after a refusal. */
  reportPage(share: SharedVideoEntity, lang: Language, langInAddress: boolean, state: ReportFormState = {}): string {
    const t = (key: GalleryPageText, vars?: Record<string, string | number>) =>
      escapeHtml(galleryPageText(lang, key, vars));
    const base = `/v/${share.id}`;
    const action = `${base}/report${langInAddress ? `?lang=${encodeURIComponent(lang)}` : ''}`;
    const errors = state.errors ?? [];
    const radios = GALLERY_REPORT_REASONS.map(
      (reason) =>
        `<label class="gallery-page__choice"><input type="radio" name="reason" value="${reason}" required` +
        `${state.reason === reason ? ' checked' : ''} /> ${t(`reason_${reason}`)}</label>`,
    ).join('');
    const errorList = errors.length
      ? `<div id="report-errors" role="alert"><p class="gallery-page__error">${t('formErrors')}</p><ul>` +
        errors.map((e) => `<li class="gallery-page__error">${escapeHtml(e)}</li>`).join('') +
        `</ul></div>`
      : '';
    const body =
      `<main><div class="gallery-page">${EXPLORE_STYLE}<h1>${t('reportTitle')}</h1>` +
      `<p class="gallery-page__lead">${t('reportLead')}</p>` +
      this.about(share, lang) +
      errorList +
      `<form class="gallery-page__form" method="post" action="${escapeHtml(action)}">` +
      `<fieldset${errors.length ? ' aria-describedby="report-errors"' : ''}><legend>${t('reasonLegend')}</legend>${radios}</fieldset>` +
      `<div><label for="report-details">${t('detailsLabel')}</label>` +
      `<textarea id="report-details" name="details" maxlength="${GALLERY_REPORT_DETAILS_MAX}" aria-describedby="report-details-hint">` +
      `${escapeHtml(state.details ?? '')}</textarea>` +
      `<p id="report-details-hint" class="gallery-page__hint">${t('detailsHint')}</p></div>` +
      `<p class="gallery-page__actions"><button class="pf-button pf-button--md pf-button--primary" type="submit">${t('send')}</button>` +
      `<a href="${base}">${t('backToVideo')}</a></p></form></div></main>`;
    return this.formPage(base, lang, body);
  }

  /** After a report: thanks, and the way back. */
  thanksPage(share: SharedVideoEntity, lang: Language): string {
    const t = (key: GalleryPageText) => escapeHtml(galleryPageText(lang, key));
    const body =
      `<main><div class="gallery-page">${EXPLORE_STYLE}<h1>${t('thanksTitle')}</h1>` +
      `<p role="status">${t('thanksText')}</p><p class="gallery-page__actions">` +
      `<a class="pf-button pf-button--md pf-button--primary" href="/v/${share.id}">${t('backToVideo')}</a>` +
      `<a href="/explore">${t('seeGallery')}</a></p></div></main>`;
    return this.formPage(`/v/${share.id}`, lang, body, 'thanksTitle');
  }

  /** The report page of a video that is not (any more) shared. */
  notFoundPage(path: string, lang: Language): string {
    const t = (key: GalleryPageText) => escapeHtml(galleryPageText(lang, key));
    const body =
      `<main><div class="gallery-page">${EXPLORE_STYLE}<h1>${t('notFoundTitle')}</h1><p>${t('notFoundText')}</p>` +
      `<p><a class="pf-button pf-button--md pf-button--primary" href="/explore">${t('seeGallery')}</a></p></div></main>`;
    return this.shell.renderPage(
      path,
      {
        title: galleryPageText(lang, 'notFoundTitle'),
        description: galleryPageText(lang, 'notFoundText'),
        noindex: true,
        body,
      },
      lang,
    );
  }

  /** A visitor past the hourly limit of reports. */
  tooManyPage(share: SharedVideoEntity, lang: Language): string {
    const t = (key: GalleryPageText) => escapeHtml(galleryPageText(lang, key));
    const body =
      `<main><div class="gallery-page">${EXPLORE_STYLE}<h1>${t('tooManyTitle')}</h1><p role="alert">${t('tooManyText')}</p>` +
      `<p><a href="/v/${share.id}">${t('backToVideo')}</a></p></div></main>`;
    return this.formPage(`/v/${share.id}`, lang, body, 'tooManyTitle');
  }

  /** The video a report is about: its poster and what the public page shows of it. */
  private about(share: SharedVideoEntity, lang: Language): string {
    const creator = share.creatorName ?? galleryPageText(lang, 'anonymous');
    const title = share.showPrompt ? excerpt(share.prompt) : galleryPageText(lang, 'promptHidden', { creator });
    return (
      `<section class="gallery-page__about" aria-label="${escapeHtml(galleryPageText(lang, 'reportAbout'))}">` +
      `<img src="/v/${share.id}/poster.jpg" alt="" width="128" height="72" />` +
      `<p><a href="/v/${share.id}">${escapeHtml(title)}</a><br />${escapeHtml(creator)}</p></section>`
    );
  }

  /** A report page (never indexed: it is about a video, not content of its own). */
  private formPage(base: string, lang: Language, body: string, title: GalleryPageText = 'reportTitle'): string {
    return this.shell.renderPage(
      `${base}/report`,
      {
        title: galleryPageText(lang, title),
        description: galleryPageText(lang, 'reportLead'),
        canonicalPath: `${base}/report`,
        noindex: true,
        body,
      },
      lang,
    );
  }
}
