import { draftSlug } from './draft-slug';

describe('draftSlug', () => {
  it('lowercases and joins words with hyphens', () => {
    expect(draftSlug('Make Your First AI Video')).toBe('make-your-first-ai-video');
  });

  it('drops characters that are not word characters, spaces or hyphens', () => {
    expect(draftSlug('Veo 3: What’s new?! (2025)')).toBe('veo-3-whats-new-2025');
  });

  it('collapses runs of spaces, underscores and hyphens into one hyphen', () => {
    expect(draftSlug('a  b__c -- d\t\ne')).toBe('a-b-c-d-e');
  });

  it('trims hyphens at both ends', () => {
    expect(draftSlug('  --Hello world--  ')).toBe('hello-world');
  });

  it('cuts the slug to 100 characters', () => {
    expect(draftSlug('x'.repeat(150))).toBe('x'.repeat(100));
  });

  it('falls back to untitled-post when nothing is left', () => {
    expect(draftSlug('')).toBe('untitled-post');
    expect(draftSlug('?!…')).toBe('untitled-post');
  });

  it('turns Chinese into pinyin with a full converter', () => {
    expect(draftSlug('AI视频生成器 2026 指南')).toBe('ai-shi-pin-sheng-cheng-qi-2026-zhi-nan');
    expect(draftSlug('人工智能：未来')).toBe('ren-gong-zhi-neng-wei-lai');
    expect(draftSlug('女儿')).toBe('nv-er');
  });

  it('never ends a cut slug with a hyphen', () => {
    expect(draftSlug(`${'x'.repeat(99)} y`)).toBe('x'.repeat(99));
  });

  it('runs the pinyin converter on the lowercased title before cleaning it', () => {
    const toPinyin = jest.fn((text: string) => text.replace('视频', ' shi pin ').replace('生成', ' sheng cheng '));
    expect(draftSlug('AI 视频生成 Guide', toPinyin)).toBe('ai-shi-pin-sheng-cheng-guide');
    expect(toPinyin).toHaveBeenCalledWith('ai 视频生成 guide');
  });
});
