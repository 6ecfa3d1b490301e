import { Inject, Injectable } from '@nestjs/common';
import { EFFECT_CATEGORIES, EffectCategory, type Effect } from '@veo3/contracts/effects';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { EffectCatalog } from '../effects/effect-catalog.service';
import { escapeHtml } from './html';
import { absoluteUrl, PageShellRenderer, SITE_NAME } from './page-shell.renderer';
import type { Language } from './prerendered-pages';
import { effectPageText, type EffectPageText } from './effect-pages.messages';

/** Where the terms say what photos of real people may be used for (the shell's terms page). */
export const PEOPLE_RULE_PATH = '/terms-of-service#acceptable-use';

/**
 * The layout rules the generator remote's effects pages use (mfe-generator/src/effects/effects.css),
 * for the server's page until the remote mounts in its place: the same boxes, so nothing moves then.
 */
export const EFFECTS_STYLE = `<style>
.fx-page{max-width:72rem;margin:0 auto;padding:0 var(--pf-space-4) var(--pf-space-12)}
.fx-page__header{max-width:44rem;margin:0 auto var(--pf-space-6);padding-top:var(--pf-space-12);text-align:center}
.fx-page__title{margin:0 0 var(--pf-space-3);font-size:clamp(2.1rem,6vw,3.25rem);font-weight:800;letter-spacing:-0.025em}
.fx-chips{display:flex;flex-wrap:wrap;justify-content:center;gap:var(--pf-space-2);list-style:none;margin:0 0 var(--pf-space-8);padding:0}
.fx-chip{display:inline-block;padding:var(--pf-space-2) 1.1rem;border-radius:var(--pf-radius-pill);border:1px solid var(--pf-color-white-a14);background:var(--pf-color-white-a05);color:var(--pf-color-zinc-300);font-weight:600;text-decoration:none}
.fx-chip:hover{color:var(--pf-color-white);border-color:var(--pf-color-white-a30)}
.fx-chip[aria-current='page']{color:var(--pf-color-white);border-color:transparent;background:linear-gradient(135deg,var(--pf-color-violet-600),var(--pf-color-pink-600))}
.fx-grid{list-style:none;margin:0;padding:0;display:grid;gap:var(--pf-space-5);grid-template-columns:1fr}
@media (min-width:640px){.fx-grid{grid-template-columns:repeat(2,1fr)}}
@media (min-width:1024px){.fx-grid{grid-template-columns:repeat(3,1fr)}}
.fx-card{display:flex;flex-direction:column;height:100%;border-radius:var(--pf-radius-xl);border:1px solid var(--pf-color-white-a08);background:var(--pf-color-ink-780);color:inherit;text-decoration:none;overflow:hidden}
.fx-card:hover,.fx-card:focus-visible{border-color:var(--pf-color-violet-400-a50)}
.fx-card__media{position:relative;display:block;aspect-ratio:16/9;background:var(--pf-color-black)}
.fx-card__media img,.fx-card__media video{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.fx-card__body{display:flex;flex-direction:column;gap:var(--pf-space-2);padding:var(--pf-space-4) var(--pf-space-5) var(--pf-space-5)}
.fx-card__title{margin:0;font-size:1.2rem}
.fx-card__text{color:var(--pf-color-zinc-400)}
.fx-badge{display:inline-flex;align-items:center;padding:0.2rem 0.6rem;border-radius:var(--pf-radius-pill);font-size:0.72rem;font-weight:800;letter-spacing:0.05em;text-transform:uppercase;color:var(--pf-color-white)}
.fx-badge--hot{background:linear-gradient(135deg,var(--pf-color-orange-500),var(--pf-color-red-600))}
.fx-badge--new{background:linear-gradient(135deg,var(--pf-color-emerald-500),var(--pf-color-sky-500))}
.fx-card__media .fx-badge{position:absolute;top:var(--pf-space-3);left:var(--pf-space-3);z-index:1}
.fx-effect{display:grid;gap:var(--pf-space-8);padding-top:var(--pf-space-6)}
@media (min-width:1024px){.fx-effect{grid-template-columns:3fr 2fr;align-items:start}}
.fx-effect__video{display:block;width:100%;height:auto;aspect-ratio:16/9;background:var(--pf-color-black);border-radius:var(--pf-radius-lg)}
.fx-effect__title{margin:0 0 var(--pf-space-3);font-size:clamp(1.8rem,5vw,2.6rem)}
.fx-effect__price{font-weight:700}
.fx-form{display:flex;flex-direction:column;gap:var(--pf-space-4);margin-top:var(--pf-space-6);padding:var(--pf-space-5);border-radius:var(--pf-radius-xl);border:1px solid var(--pf-color-white-a08);background:var(--pf-color-ink-780)}
.fx-form__title{margin:0;font-size:1.2rem}
.fx-field{display:flex;flex-direction:column;gap:var(--pf-space-2)}
.fx-field input[type='text']{padding:var(--pf-space-3);border-radius:var(--pf-radius-md);border:1px solid var(--pf-color-white-a18);background:var(--pf-color-black);color:inherit;font:inherit}
.fx-consent{display:flex;gap:var(--pf-space-2);align-items:flex-start}
.fx-error{margin:0;color:var(--pf-color-red-400)}
.fx-error:empty{display:none}
.fx-status{margin:0;color:var(--pf-color-zinc-400)}
.fx-results{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--pf-space-4)}
.fx-faq{margin-top:var(--pf-space-12)}
.fx-faq details{padding:var(--pf-space-3) 0;border-bottom:1px solid var(--pf-color-white-a08)}
.fx-faq summary{cursor:pointer;font-weight:600}
</style>`;

/** A sample's pixel size by the effect's settings (the short side is the resolution's number). */
function sampleSize({ aspect_ratio, resolution }: Effect['settings']): { width: number; height: number } {
  const short = Number.parseInt(resolution, 10) || 720;
  const long = Math.round((short * 16) / 9);
  return aspect_ratio === '9:16' ? { width: short, height: long } : { width: long, height: short };
}

/**
 * /video-effects and /effects/<slug> as HTML with the published effects in it (for crawlers, link
 * previews and readers without JavaScript), inside the page shell, in the visitor's language. The
 * generator remote replaces the page's content when it mounts.
 */
@Injectable()
export class EffectPagesRenderer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: EffectCatalog,
    private readonly shell: PageShellRenderer,
  ) {}

  /** Whether `path` is one of the effects' pages. */
  static handles(path: string): boolean {
    return /^\/(video-effects|effects\/[^/]+)\/?$/.test(path);
  }

  /** The page of `path` (see handles): the list, filtered by `category`, or one effect (404 when unknown). */
  async page(path: string, lang: Language, category?: string): Promise<{ status: number; html: string }> {
    const clean = path.replace(/\/+$/, '');
    if (clean === '/video-effects') {
      return { status: 200, html: this.listPage(await this.catalog.published(), lang, category) };
    }
    const slug = clean.slice('/effects/'.length);
    const effect = await this.catalog.publishedBySlug(slug);
    if (!effect) return { status: 404, html: this.notFoundPage(clean, lang) };
    return { status: 200, html: this.effectPage(effect, lang) };
  }

  private listPage(effects: Effect[], lang: Language, categoryParam?: string): string {
    const t = (key: EffectPageText, vars?: Record<string, string | number>) =>
      escapeHtml(effectPageText(lang, key, vars));
    const category = EffectCategory.safeParse(categoryParam).data;
    const href = (c?: EffectCategory) => (c ? `/video-effects?category=${c}` : '/video-effects');
    const chips = [undefined, ...EFFECT_CATEGORIES]
      .map(
        (c) =>
          `<li><a class="fx-chip" href="${href(c)}"${c === category ? ' aria-current="page"' : ''}>${t(`category_${c ?? 'all'}`)}</a></li>`,
      )
      .join('');
    const shown = category ? effects.filter((effect) => effect.category === category) : effects;
    const cards = shown.map((effect, index) => this.card(effect, index, lang)).join('');
    const body =
      `<main><div class="fx-page">` +
      `<header class="fx-page__header"><p class="shell-eyebrow">${t('eyebrow')}</p><h1 class="fx-page__title">${t('listHeading')}</h1><p>${t('listLead')}</p></header>` +
      `<nav aria-label="${t('categoriesLabel')}"><ul class="fx-chips">${chips}</ul></nav>` +
      (cards ? `<ul class="fx-grid">${cards}</ul>` : `<p class="fx-status">${t('empty')}</p>`) +
      `</div></main>`;
    return this.shell.renderPage(
      '/video-effects',
      {
        title: effectPageText(lang, 'listTitle'),
        description: effectPageText(lang, 'listDescription'),
        image: shown[0]?.poster_url ?? null,
        canonicalPath: href(category),
        remoteLayout: true,
        style: EFFECTS_STYLE,
        body,
      },
      lang,
    );
  }

  private card(effect: Effect, index: number, lang: Language): string {
    const t = (key: EffectPageText, vars?: Record<string, string | number>) =>
      escapeHtml(effectPageText(lang, key, vars));
    // The first row is in view at once; the others load as they come near.
    const poster = effect.poster_url
      ? `<img src="${escapeHtml(effect.poster_url)}" alt="" width="640" height="360"${index >= 3 ? ' loading="lazy"' : ''} />`
      : '';
    return (
      `<li><a class="fx-card" href="/effects/${encodeURIComponent(effect.slug)}">` +
      `<span class="fx-card__media">${poster}${effect.badge ? `<span class="fx-badge fx-badge--${effect.badge}">${t(`badge_${effect.badge}`)}</span>` : ''}</span>` +
      `<span class="fx-card__body"><span class="fx-card__title">${escapeHtml(effect.name[lang])}</span>` +
      `<span class="fx-card__text">${escapeHtml(effect.description[lang])}</span><strong>${t('price', { price: effect.price })}</strong></span>` +
      `</a></li>`
    );
  }

  private effectPage(effect: Effect, lang: Language): string {
    const t = (key: EffectPageText, vars?: Record<string, string | number>) =>
      escapeHtml(effectPageText(lang, key, vars));
    const site = this.config.siteUrl;
    const path = `/effects/${encodeURIComponent(effect.slug)}`;
    const name = effect.name[lang];
    const poster = effect.poster_url ? absoluteUrl(site, effect.poster_url) : null;
    const sample = effect.sample_url ? absoluteUrl(site, effect.sample_url) : null;
    const size = sampleSize(effect.settings);
    const video = effect.sample_url
      ? `<video class="fx-effect__video" controls preload="none" playsinline width="${size.width}" height="${size.height}"${effect.poster_url ? ` poster="${escapeHtml(effect.poster_url)}"` : ''} src="${escapeHtml(effect.sample_url)}"></video>`
      : '';
    const inputs = effect.inputs
      .map((input) => {
        const label = input.label[lang];
        const text =
          input.kind === 'photo' ? t('photoInput', { label }) : t('textInput', { label, max: input.max_length });
        return `<li>${text}${input.required ? '' : ` (${t('optional')})`}</li>`;
      })
      .join('');
    const faq = effect.faq.length
      ? `<section class="fx-faq"><h2>${t('faqTitle')}</h2>` +
        effect.faq
          .map(
            (f) =>
              `<details><summary>${escapeHtml(f.question[lang])}</summary><p>${escapeHtml(f.answer[lang])}</p></details>`,
          )
          .join('') +
        `</section>`
      : '';
    const body =
      `<main><div class="fx-page">` +
      `<nav aria-label="${t('breadcrumb')}"><a href="/">${t('home')}</a> / <a href="/video-effects">${t('effects')}</a> / <span>${escapeHtml(name)}</span></nav>` +
      `<div class="fx-effect"><div>${video}</div><div>` +
      (effect.badge
        ? `<p><span class="fx-badge fx-badge--${effect.badge}">${t(`badge_${effect.badge}`)}</span></p>`
        : '') +
      `<h1 class="fx-effect__title">${escapeHtml(name)}</h1><p>${escapeHtml(effect.description[lang])}</p>` +
      `<p class="fx-effect__price">${t('price', { price: effect.price })}</p>` +
      `<section class="fx-form"><h2 class="fx-form__title">${t('inputsTitle')}</h2><ul>${inputs}</ul><p>${t('formText', { price: effect.price })}</p>` +
      (effect.people ? `<p><a href="${PEOPLE_RULE_PATH}">${t('peopleText')}</a></p>` : '') +
      `</section></div></div>${faq}` +
      `<p><a href="/video-effects">${t('allEffects')}</a></p></div></main>`;
    return this.shell.renderPage(
      path,
      {
        title: `${effectPageText(lang, 'effectTitle', { name })} | ${SITE_NAME}`,
        description: effect.description[lang].slice(0, 300),
        image: poster,
        remoteLayout: true,
        style: EFFECTS_STYLE,
        ...(sample && { video: { url: sample, type: 'video/mp4', ...size } }),
        ...(effect.faq.length > 0 && {
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'FAQPage',
            mainEntity: effect.faq.map((f) => ({
              '@type': 'Question',
              name: f.question[lang],
              acceptedAnswer: { '@type': 'Answer', text: f.answer[lang] },
            })),
          },
        }),
        body,
      },
      lang,
    );
  }

  private notFoundPage(path: string, lang: Language): string {
    const t = (key: EffectPageText) => escapeHtml(effectPageText(lang, key));
    return this.shell.renderPage(
      path,
      {
        title: effectPageText(lang, 'notFoundTitle'),
        description: effectPageText(lang, 'notFoundText'),
        body: `<main><div class="fx-page"><h1>${t('notFoundTitle')}</h1><p>${t('notFoundText')}</p><p><a href="/video-effects">${t('allEffects')}</a></p></div></main>`,
        noindex: true,
      },
      lang,
    );
  }
}
