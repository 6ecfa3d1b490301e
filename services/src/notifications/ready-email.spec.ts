import { quotedPrompt, readyEmail, type ReadyEmailInput } from './ready-email';

const base: ReadyEmailInput = {
  language: 'en',
  status: 'completed',
  prompt: 'a fox <b>in</b> the snow',
  credits: 40,
  siteUrl: 'https://veo3.example',
  unsubscribeUrl: 'https://veo3.example/api/notifications/unsubscribe?token=abc',
  firstVideo: false,
  posterCid: 'poster@veo3',
};

describe('readyEmail', () => {
  it('says the video is ready, links History, shows the poster inline and escapes the prompt', () => {
    const mail = readyEmail(base);
    expect(mail.subject).toBe('Your video is ready');
    expect(mail.text).toContain('Your video “a fox <b>in</b> the snow” is ready.');
    expect(mail.text).toContain('https://veo3.example/video-history');
    expect(mail.text).toContain('Unsubscribe: https://veo3.example/api/notifications/unsubscribe?token=abc');
    expect(mail.html).toContain('&lt;b&gt;in&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>in</b>');
    expect(mail.html).toContain('src="cid:poster@veo3"');
  });

  it('says a failed video was refunded, in Chinese when that is the language', () => {
    const mail = readyEmail({ ...base, status: 'failed', language: 'zh-CN', posterCid: null });
    expect(mail.subject).toBe('你的视频未能生成');
    expect(mail.text).toContain('它花费的 40 积分已退回到你的余额。');
    expect(mail.html).not.toContain('cid:');
  });

  it("tells the first video's e-mail how to keep getting them", () => {
    expect(readyEmail(base).text).not.toContain('/account#notifications');
    expect(readyEmail({ ...base, firstVideo: true }).text).toContain(
      'turn on “E-mail me when a video is ready” on your account page: https://veo3.example/account#notifications',
    );
  });

  it('quotes a long prompt on one line, cut at 80 characters', () => {
    const quoted = quotedPrompt(`a  long\nprompt ${'x'.repeat(100)}`);
    expect(quoted).toHaveLength(80);
    expect(quoted.startsWith('a long prompt x')).toBe(true);
    expect(quoted.endsWith('…')).toBe(true);
  });
});
