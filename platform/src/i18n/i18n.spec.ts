import { defineMessages, detectLanguage, format, setLanguage, translate } from '@veo3/platform/i18n/i18n';

const messages = defineMessages(
  { hello: 'Hello {name}', n: '{count} credits' },
  { hello: '你好 {name}', n: '{count} 积分' },
);

describe('i18n', () => {
  beforeEach(() => localStorage.clear());

  it('chooses zh-CN for a Chinese browser and English otherwise', () => {
    const languages = jest.spyOn(navigator, 'languages', 'get');
    languages.mockReturnValue(['zh-TW', 'en']);
    expect(detectLanguage()).toBe('zh-CN');
    languages.mockReturnValue(['fr-FR', 'en-US']);
    expect(detectLanguage()).toBe('en');
    languages.mockRestore();
  });

  it('keeps the language the user switched to', () => {
    setLanguage('zh-CN');
    expect(detectLanguage()).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(translate(messages, 'n', { count: 40 })).toBe('40 积分');
    setLanguage('en');
    expect(translate(messages, 'hello', { name: 'Ann' })).toBe('Hello Ann');
  });

  it('leaves unknown placeholders visible rather than blank', () => {
    expect(format('Hi {name} {missing}', { name: 'A' })).toBe('Hi A {missing}');
  });
});
