import { Inject, Injectable } from '@nestjs/common';
import { frameSize, type AspectRatio, type Resolution } from '@veo3/contracts/generation-options';
import type { OEmbedReply } from '@veo3/contracts/sharing';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { escapeHtml } from '../site/html';
import { PageShellRenderer, SITE_NAME } from '../site/page-shell.renderer';
import type { Language } from '../site/prerendered-pages';
import { ModelCatalogue } from '../video/catalogue/model-catalogue';
import { sharePageText } from './share-page.messages';
import type { LiveShare } from './live-share';

/** A title cut at a word to about this many characters. */
const TITLE_MAX = 70;
const DESCRIPTION_MAX = 200;
/** The poster's width (VideoStorage cuts it 640 wide, keeping the video's shape). */
const POSTER_WIDTH = 640;
/** The embedded player's size by default (oEmbed), fitted into maxwidth × maxheight when given. */
const EMBED_LONG_SIDE = 640;

/** The page's own look, on the site's tokens; scoped to the page (the shell's stylesheet has the rest). */
const PAGE_STYLE = `<style>
.share-page{max-width:56rem;margin:0 auto;color:var(--pf-color-text)}
.share-page h1{font-size:var(--pf-font-size-xl);line-height:1.3;margin:0 0 var(--pf-space-4);overflow-wrap:anywhere}
.share-page__video{display:block;width:100%;height:auto;max-height:80vh;margin:0 auto;background:var(--pf-color-black);border-radius:var(--pf-radius-lg)}
.share-page__facts{display:grid;grid-template-columns:max-content 1fr;gap:var(--pf-space-2) var(--pf-space-4);margin:var(--pf-space-6) 0}
.share-page__facts dt{color:var(--pf-color-zinc-400)}
.share-page__facts dd{margin:0;overflow-wrap:anywhere;white-space:pre-wrap}
.share-page__actions{display:flex;flex-wrap:wrap;gap:var(--pf-space-3);align-items:center}
.share-page__report{color:var(--pf-color-link)}
@media (max-width:480px){.share-page__facts{grid-template-columns:1fr}.share-page__facts dd{margin-bottom:var(--pf-space-2)}}
</style>`;

/** The embeddable player's whole page: the video and nothing else, filling the frame. */
const EMBED_STYLE =
  '<style>html,body{margin:0;height:100%}video{display:block;width:100%;height:100%;object-fit:contain}</style>';

/** `text` cut at a word before `max` characters, with an ellipsis when cut. */
function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const head = flat.slice(0, max);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** `width` × `height` scaled down to fit the bounds given (never up), whole pixels. */
function fit(width: number, height: number, maxWidth?: number, maxHeight?: number): { width: number; height: number } {
  const scale = Math.min(1, maxWidth ? maxWidth / width : 1, maxHeight ? maxHeight / height : 1);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/**
 * A shared video's public page (`/v/<id>`, in the page shell, whole without JavaScript: the video
 * plays from the HTML), its embeddable player (`/v/<id>/embed`) and its oEmbed answer.
 */
@Injectable()
export class SharePageRenderer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shell: PageShellRenderer,
    private readonly catalogue: ModelCatalogue,
  ) {}

  /** The page of a live share in `lang`: indexed only while the gallery lists it. */
  page({ share, task }: LiveShare, lang: Language): string {
    const t = (key: Parameters<typeof sharePageText>[1], vars?: Record<string, string | number>) =>
      escapeHtml(sharePageText(lang, key, vars));
    const base = `/v/${share.id}`;
    const site = this.config.siteUrl;
    const model = this.modelName(share.model);
    const title = this.title(share, lang);
    const number = (n: number) => new Intl.NumberFormat(lang).format(n);
    const { width, height } = this.size(share.aspectRatio, task.resolution);
    const poster = task.posterPath ? `${base}/poster.jpg` : null;
    const imageRemix = share.allowImageRemix && Boolean(task.imagePath);
    const fact = (label: string, value: string) => `<dt>${label}</dt><dd>${value}</dd>`;
    const body =
      `<main><article class="share-page" data-share-view="${share.id}">${PAGE_STYLE}` +
      `<h1>${escapeHtml(title)}</h1>` +
      `<video class="share-page__video" controls playsinline preload="metadata" width="${width}" height="${height}"` +
      `${poster ? ` poster="${poster}"` : ''} aria-label="${t('videoLabel', { title })}">` +
      `<source src="${base}/video.mp4" type="video/mp4" />` +
      `<p>${t('noPlayer')} <a href="${base}/video.mp4">${t('downloadInstead')}</a></p></video>` +
      `<dl class="share-page__facts">` +
      fact(t('promptLabel'), share.showPrompt ? escapeHtml(share.prompt) : t('promptHidden')) +
      fact(t('modelLabel'), escapeHtml(model)) +
      fact(t('lengthLabel'), t('seconds', { seconds: share.durationS })) +
      fact(t('creatorLabel'), share.creatorName ? escapeHtml(share.creatorName) : t('anonymous')) +
      fact(t('viewsLabel'), number(share.views)) +
      fact(t('remixesLabel'), number(share.remixes)) +
      `</dl><p class="share-page__actions">` +
      `<a class="pf-button pf-button--md pf-button--primary" href="/text-to-veo3-video?type=${imageRemix ? 'image' : 'text'}&amp;remix=${share.id}">${t('makeOne')}</a>` +
      `<a class="share-page__report" href="${base}/report">${t('report')}</a>` +
      `</p></article></main>`;
    const description = share.showPrompt
      ? cut(share.prompt, DESCRIPTION_MAX)
      : sharePageText(lang, 'description', { model, seconds: share.durationS });
    return this.shell.renderPage(
      base,
      {
        title,
        description,
        canonicalPath: base,
        image: poster,
        // Private by default: only a video the gallery lists is for search engines.
        noindex: share.galleryState !== 'listed',
        video: { url: `${site}${base}/video.mp4`, type: 'video/mp4', width, height, playerUrl: `${site}${base}/embed` },
        links: [
          {
            rel: 'alternate',
            type: 'application/json+oembed',
            href: `${site}/api/oembed?url=${encodeURIComponent(`${site}${base}`)}&format=json`,
            title,
          },
        ],
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'VideoObject',
          name: title,
          description,
          ...(poster && { thumbnailUrl: `${site}${poster}` }),
          uploadDate: share.createdAt.toISOString(),
          duration: `PT${share.durationS}S`,
          contentUrl: `${site}${base}/video.mp4`,
          embedUrl: `${site}${base}/embed`,
        },
        body,
      },
      lang,
    );
  }

  /** The page of a share that is not live (unknown, stopped, deleted): a 404 in the page shell, never indexed. */
  notFound(path: string, lang: Language): string {
    const t = (key: Parameters<typeof sharePageText>[1]) => escapeHtml(sharePageText(lang, key));
    return this.shell.renderPage(
      path,
      {
        title: sharePageText(lang, 'notFoundTitle'),
        description: sharePageText(lang, 'notFoundText'),
        canonicalPath: path,
        noindex: true,
        body:
          `<main><article class="share-page">${PAGE_STYLE}<h1>${t('notFoundTitle')}</h1><p>${t('notFoundText')}</p>` +
          `<p><a class="pf-button pf-button--md pf-button--primary" href="/text-to-veo3-video">${t('notFoundAction')}</a></p></article></main>`,
      },
      lang,
    );
  }

  /** The embeddable player (Twitter's player card, oEmbed's iframe): the video alone, no script. */
  embed({ share, task }: LiveShare, lang: Language): string {
    const base = `/v/${share.id}`;
    const title = escapeHtml(this.title(share, lang));
    const poster = task.posterPath ? ` poster="${base}/poster.jpg"` : '';
    return (
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8" />` +
      `<meta name="viewport" content="width=device-width, initial-scale=1" /><title>${title} | ${SITE_NAME}</title>` +
      `<meta name="robots" content="noindex" /><link rel="canonical" href="${escapeHtml(`${this.config.siteUrl}${base}`)}" />` +
      `${EMBED_STYLE}</head><body>` +
      `<video controls playsinline preload="metadata"${poster} aria-label="${title}"><source src="${base}/video.mp4" type="video/mp4" /></video>` +
      `</body></html>`
    );
  }

  /** The oEmbed "video" object of a live share: an iframe of its player, fitted into the bounds asked for. */
  oembed({ share, task }: LiveShare, maxWidth?: number, maxHeight?: number): OEmbedReply {
    const site = this.config.siteUrl;
    const base = `${site}/v/${share.id}`;
    const frame = this.size(share.aspectRatio, task.resolution);
    const scale = EMBED_LONG_SIDE / Math.max(frame.width, frame.height);
    const { width, height } = fit(
      Math.round(frame.width * scale),
      Math.round(frame.height * scale),
      maxWidth,
      maxHeight,
    );
    const title = this.title(share, 'en');
    const html =
      `<iframe src="${escapeHtml(`${base}/embed`)}" width="${width}" height="${height}" title="${escapeHtml(title)}" ` +
      `frameborder="0" allow="fullscreen; picture-in-picture" allowfullscreen></iframe>`;
    return {
      type: 'video',
      version: '1.0',
      title,
      author_name: share.creatorName ?? sharePageText('en', 'anonymous'),
      provider_name: SITE_NAME,
      provider_url: site,
      ...(task.posterPath && {
        thumbnail_url: `${base}/poster.jpg`,
        thumbnail_width: POSTER_WIDTH,
        thumbnail_height: Math.round((POSTER_WIDTH * frame.height) / frame.width),
      }),
      html,
      width,
      height,
    };
  }

  /** The page's title: the prompt (cut), or when the owner hides it, what made the video. */
  private title(share: LiveShare['share'], lang: Language): string {
    return share.showPrompt
      ? cut(share.prompt, TITLE_MAX)
      : sharePageText(lang, 'titleWithout', { model: this.modelName(share.model) });
  }

  private modelName(id: string): string {
    return this.catalogue.find(id)?.name ?? id;
  }

  private size(aspectRatio: string, resolution: string): { width: number; height: number } {
    return frameSize({ aspectRatio: aspectRatio as AspectRatio, resolution: resolution as Resolution });
  }
}
