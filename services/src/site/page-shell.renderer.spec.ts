import { addressOf } from './page-shell.renderer';

describe('addressOf', () => {
  it("is the page's path and query as a remote renders it, without the language", () => {
    expect(addressOf('/pricing', '')).toBe('/pricing');
    expect(addressOf('/pricing', 'lang=zh-CN')).toBe('/pricing');
    expect(addressOf('/text-to-veo3-video', 'type=image&lang=en')).toBe('/text-to-veo3-video?type=image');
    expect(addressOf('/text-to-veo3-video', 'task=7')).toBe('/text-to-veo3-video?task=7');
  });
});
