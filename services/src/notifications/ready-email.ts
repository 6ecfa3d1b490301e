import type { NotificationLanguage } from '@veo3/contracts/notifications';
import { escapeHtml } from '../site/html';

/** What a "ready" e-mail says: about which video, how it ended, and where to go. */
export interface ReadyEmailInput {
  language: NotificationLanguage;
  status: 'completed' | 'failed';
  prompt: string;
  /** The credits a failed video gave back. */
  credits: number;
  siteUrl: string;
  unsubscribeUrl: string;
  /** The e-mail of the first video, sent before the user chose: it says how to keep getting them. */
  firstVideo: boolean;
  /** The poster goes along as an inline image with this Content-ID. */
  posterCid: string | null;
}

export interface ReadyEmail {
  subject: string;
  text: string;
  html: string;
}

/** The texts of the e-mail, per language: `{prompt}`, `{credits}` and `{link}` are filled in. */
const TEXTS = {
  en: {
    readySubject: 'Your video is ready',
    failedSubject: 'Your video could not be made',
    ready: 'Your video “{prompt}” is ready.',
    failed:
      'We could not make your video “{prompt}”. The {credits} credits it cost have been refunded to your balance.',
    readyLink: 'Watch it in your History',
    failedLink: 'See it in your History',
    first:
      'You get this e-mail because it is about your first video. To get one for every video, turn on “E-mail me when a video is ready” on your account page:',
    accountLink: 'Notification settings',
    footer: 'Don’t want these e-mails?',
    unsubscribe: 'Unsubscribe',
    posterAlt: 'A still from your video',
  },
  'zh-CN': {
    readySubject: '你的视频已生成',
    failedSubject: '你的视频未能生成',
    ready: '你的视频“{prompt}”已生成。',
    failed: '我们未能生成你的视频“{prompt}”。它花费的 {credits} 积分已退回到你的余额。',
    readyLink: '在历史记录中观看',
    failedLink: '在历史记录中查看',
    first:
      '因为这是你的第一个视频，所以你收到了这封邮件。如需每个视频都收到邮件，请在账户页面打开“视频生成后给我发邮件”：',
    accountLink: '通知设置',
    footer: '不想再收到这些邮件？',
    unsubscribe: '退订',
    posterAlt: '你的视频截图',
  },
} satisfies Record<NotificationLanguage, Record<string, string>>;

/** A prompt as the e-mail quotes it: one line, at most 80 characters. */
export function quotedPrompt(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** The "ready" (or "failed, refunded") e-mail in the user's language, as plain text and HTML. */
export function readyEmail(input: ReadyEmailInput): ReadyEmail {
  const t = TEXTS[input.language];
  const completed = input.status === 'completed';
  const fill = (text: string) =>
    text.replace('{prompt}', quotedPrompt(input.prompt)).replace('{credits}', String(input.credits));
  const history = `${input.siteUrl}/video-history`;
  const account = `${input.siteUrl}/account#notifications`;
  const lead = fill(completed ? t.ready : t.failed);
  const linkText = completed ? t.readyLink : t.failedLink;
  const text = [
    lead,
    `${linkText}: ${history}`,
    ...(input.firstVideo ? [`${t.first} ${account}`] : []),
    '--',
    `${t.footer} ${t.unsubscribe}: ${input.unsubscribeUrl}`,
  ].join('\n\n');
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(completed ? t.readySubject : t.failedSubject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; max-width: 560px; margin: 0 auto; padding: 16px">',
    `<p>${escapeHtml(lead)}</p>`,
    input.posterCid && completed
      ? `<p><a href="${escapeHtml(history)}"><img src="cid:${escapeHtml(input.posterCid)}" alt="${escapeHtml(t.posterAlt)}" width="480" style="max-width: 100%; height: auto"></a></p>`
      : '',
    `<p>${link(history, linkText)}</p>`,
    input.firstVideo ? `<p>${escapeHtml(t.first)} ${link(account, t.accountLink)}</p>` : '',
    `<hr><p style="font-size: 0.875em">${escapeHtml(t.footer)} ${link(input.unsubscribeUrl, t.unsubscribe)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: completed ? t.readySubject : t.failedSubject, text, html };
}
