/**
 * zh-CN texts use full-width punctuation next to Chinese ('余额：330 积分', '（原因）'), never the
 * half-width ':' ',' '(' ')' of English. Checked for every browser package's catalogues.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Messages } from '@veo3/platform/i18n/i18n';

const repoRoot = join(__dirname, '..', '..', '..');
const WORKSPACES = ['platform', 'shell', 'mfe-billing', 'mfe-generator', 'mfe-blog', 'mfe-blog-admin', 'mfe-admin'];
const HAN = '\\u4e00-\\u9fff';
/** A half-width : , ( ) ; ! ? with a Chinese character on either side of it (placeholders between count). */
const HALF_WIDTH_BY_HAN = new RegExp(`[${HAN}][ ]?(?:\\{\\w+\\})?[:,();!?]|[:,();!?](?:\\{\\w+\\})?[ ]?[${HAN}]`);

function catalogueFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : catalogueFiles(full);
    return entry.name.endsWith('.messages.ts') ? [full] : [];
  });
}

const isCatalogue = (value: unknown): value is Messages<string> =>
  typeof value === 'object' && value !== null && 'zh-CN' in value;

const files = WORKSPACES.flatMap((ws) => catalogueFiles(join(repoRoot, ws, 'src')));

describe('zh-CN punctuation', () => {
  it('catches a half-width colon or bracket beside Chinese', () => {
    expect(HALF_WIDTH_BY_HAN.test('请求失败:未知错误')).toBe(true);
    expect(HALF_WIDTH_BY_HAN.test('暂时无法使用({reason})')).toBe(true);
    expect(HALF_WIDTH_BY_HAN.test('客服支持:{email}')).toBe(true);
    expect(HALF_WIDTH_BY_HAN.test('当前余额：{balance} 积分')).toBe(false);
    expect(HALF_WIDTH_BY_HAN.test('Veo 3 (Fast)')).toBe(false);
  });

  it.each(files.map((file) => [relative(repoRoot, file), file]))(
    '%s uses full-width punctuation in zh-CN',
    (_n, file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exports = require(file) as Record<string, unknown>;
      const offending = Object.values(exports)
        .filter(isCatalogue)
        .flatMap((catalogue) => Object.entries(catalogue['zh-CN']))
        .filter(([, text]) => HALF_WIDTH_BY_HAN.test(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(offending).toEqual([]);
    },
  );
});
