import { escapeHtml } from '../site/html';

/** Which page the e-mail's unsubscribe link shows. */
export type UnsubscribePage = 'confirm' | 'done' | 'invalid';

/** Each page's title and text in English and Chinese: a visitor from an e-mail is not signed in, so both are shown. */
const PAGES: Record<UnsubscribePage, { en: [string, string]; zh: [string, string] }> = {
  confirm: {
    en: [
      'Stop “video ready” e-mails?',
      'You will no longer get an e-mail when a video is ready. You can turn them on again on your account page.',
    ],
    zh: ['停止接收“视频已生成”邮件？', '视频生成后你将不再收到邮件。你可以随时在账户页面重新开启。'],
  },
  done: {
    en: [
      'You are unsubscribed',
      'You will no longer get an e-mail when a video is ready. To get them again, turn them on in your notification settings.',
    ],
    zh: ['你已退订', '视频生成后你将不再收到邮件。如需重新接收，请在通知设置中开启。'],
  },
  invalid: {
    en: [
      'This link is not valid',
      'It may come from an old e-mail. You can turn e-mails off in your notification settings.',
    ],
    zh: ['此链接无效', '它可能来自一封旧邮件。你可以在通知设置中关闭邮件。'],
  },
};

/** The page of the e-mail's unsubscribe link: a confirm button (GET changes nothing), the result, or a link we never gave. */
export function unsubscribePage(page: UnsubscribePage, siteUrl: string, token?: string): string {
  const { en, zh } = PAGES[page];
  const settings = `${siteUrl}/account#notifications`;
  const action =
    page === 'confirm' && token ? `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` : null;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(en[0])} · Veo 3 Studio</title>`,
    '<style>body{font-family:sans-serif;line-height:1.5;max-width:36rem;margin:0 auto;padding:1.5rem}',
    'button{font:inherit;padding:.6rem 1.2rem;cursor:pointer}</style></head><body><main>',
    `<h1>${escapeHtml(en[0])}</h1><p>${escapeHtml(en[1])}</p>`,
    `<h2 lang="zh-CN">${escapeHtml(zh[0])}</h2><p lang="zh-CN">${escapeHtml(zh[1])}</p>`,
    action
      ? `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe · <span lang="zh-CN">退订</span></button></form>`
      : `<p><a href="${escapeHtml(settings)}">Notification settings · <span lang="zh-CN">通知设置</span></a></p>`,
    '</main></body></html>',
  ].join('');
}
