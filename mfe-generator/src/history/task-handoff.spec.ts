import { reuseUrl } from './task-handoff';

describe('reuseUrl', () => {
  it('fills the generator from a task in its own mode', () => {
    expect(reuseUrl({ id: 't1', image_url: null })).toBe('/text-to-veo3-video?type=text&from=t1');
    expect(reuseUrl({ id: 't2', image_url: '/api/video/upload/t2' })).toBe('/text-to-veo3-video?type=image&from=t2');
  });

  it("sends a video made from an effect back to the effect's page", () => {
    const effect = { slug: 'ai-hug', name: { en: 'AI Hug', 'zh-CN': 'AI 拥抱' } };
    expect(reuseUrl({ id: 't3', image_url: '/api/video/upload/t3', effect })).toBe('/effects/ai-hug');
  });
});
