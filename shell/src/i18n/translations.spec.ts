/**
 * The site ships en and zh-CN in full. Every message catalogue of every workspace
 * (`*.messages.ts`) and every legal document must carry the same keys in both languages, with no
 * empty text and the same {placeholders}; the e2e accessibility run checks that no screen shows a
 * raw key or an unfilled placeholder.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Messages } from '@veo3/platform/i18n/i18n';
import type { LegalContent, LegalDocument } from '../pages/legal/legal-document';

const repoRoot = join(__dirname, '..', '..', '..');
const WORKSPACES = ['platform', 'shell', 'mfe-generator', 'mfe-billing', 'mfe-blog', 'mfe-blog-admin', 'mfe-admin'];

function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

function isCatalogue(value: unknown): value is Messages<string> {
  return typeof value === 'object' && value !== null && 'en' in value && 'zh-CN' in value;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every text of a catalogue or document, by a path such as `heroTitle` or `sections.2.items.1`. */
function texts(value: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [p, text] of texts(child, path ? `${path}.${key}` : key)) out.set(p, text);
    }
  } else {
    out.set(path, value);
  }
  return out;
}

function compare(en: object, zh: object): string[] {
  const problems: string[] = [];
  const enTexts = texts(en);
  const zhTexts = texts(zh);
  for (const [path, text] of enTexts) {
    if (!zhTexts.has(path)) problems.push(`${path}: missing in zh-CN`);
    if (typeof text === 'string' && text.trim() === '') problems.push(`${path}: empty in en`);
  }
  for (const [path, text] of zhTexts) {
    if (!enTexts.has(path)) problems.push(`${path}: missing in en`);
    if (typeof text === 'string' && text.trim() === '') problems.push(`${path}: empty in zh-CN`);
    const enText = enTexts.get(path);
    if (typeof text === 'string' && typeof enText === 'string') {
      if (placeholders(text).join() !== placeholders(enText).join()) {
        problems.push(`${path}: placeholders differ (en ${placeholders(enText)}; zh-CN ${placeholders(text)})`);
      }
    }
  }
  return problems;
}

const catalogueFiles = WORKSPACES.flatMap((ws) => sourceFiles(join(repoRoot, ws, 'src'), /\.messages\.ts$/));

describe('translations', () => {
  it('finds the message catalogues of every workspace', () => {
    const workspaces = new Set(catalogueFiles.map((file) => relative(repoRoot, file).split('/')[0]));
    expect([...workspaces].sort()).toEqual([...WORKSPACES].sort());
  });

  it.each(catalogueFiles.map((file) => [relative(repoRoot, file), file]))(
    '%s has every key in both languages, none empty, with the same placeholders',
    (_name, file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exports = require(file) as Record<string, unknown>;
      const catalogues = Object.entries(exports).filter(([, value]) => isCatalogue(value));
      expect(catalogues.length).toBeGreaterThan(0);
      for (const [name, catalogue] of catalogues as [string, Messages<string>][]) {
        expect({ [name]: compare(catalogue.en, catalogue['zh-CN']) }).toEqual({ [name]: [] });
        // A text that is its own key is a key shown raw.
        for (const [key, text] of Object.entries(catalogue.en)) expect(`${key}: ${text}`).not.toBe(`${key}: ${key}`);
      }
    },
  );

  it.each(['terms', 'privacy', 'refund'])(
    'the %s document has the same sections and texts in both languages',
    (name) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exports = require(`../pages/legal/${name}.content`) as Record<string, unknown>;
      const content = Object.values(exports).find(
        (value): value is LegalContent => typeof value === 'object' && value !== null && 'documents' in value,
      );
      expect(content).toBeDefined();
      const { en, 'zh-CN': zh } = content!.documents as Record<string, LegalDocument>;
      expect(compare(en!, zh!)).toEqual([]);
    },
  );

  it('notices a key that one language lacks', () => {
    expect(compare({ a: 'A {n}', b: 'B' }, { a: 'A', c: 'C' }).sort()).toEqual([
      'a: placeholders differ (en n; zh-CN )',
      'b: missing in zh-CN',
      'c: missing in en',
    ]);
  });
});
