import { translate } from '@veo3/platform/i18n/i18n';
import { generatorMessages } from './generator.messages';
import { progressMessage } from './progress-message';

const inChinese = (line: string) => {
  const known = progressMessage(line);
  return known ? translate(generatorMessages, known.key, known.vars, 'zh-CN') : line;
};

describe('progressMessage', () => {
  it("puts the server's known status lines in the page's language, with their percentage", () => {
    expect(inChinese('Rendering video… 0%')).toBe('正在渲染视频… 0%');
    expect(inChinese('Rendering video... 70%')).toBe('正在渲染视频… 70%');
    expect(inChinese('Waiting to start')).toBe('等待开始');
    expect(inChinese('Composing the soundtrack')).toBe('正在配乐');
    expect(inChinese('Your video is being generated')).toBe('正在生成你的视频');
  });

  it('leaves a line it does not know as the server wrote it', () => {
    expect(progressMessage('Relighting the harbour')).toBeNull();
    expect(inChinese('Relighting the harbour')).toBe('Relighting the harbour');
  });
});
