import { stripControlCharacters } from './plain-text';

describe('stripControlCharacters', () => {
  it('removes bidirectional overrides, isolates and marks', () => {
    // The classic filename spoof: U+202E shows "exe.txt" backwards.
    expect(stripControlCharacters('invoice\u202Etxt.exe')).toBe('invoicetxt.exe');
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ]) {
      expect([c.codePointAt(0), stripControlCharacters(`a${c}b`)]).toEqual([c.codePointAt(0), 'ab']);
    }
  });

  it('removes zero-width characters and the byte-order mark', () => {
    expect(stripControlCharacters('\uFEFFad\u200Bmin\u200C\u200D\u2060')).toBe('admin');
  });

  it('removes C0 and C1 controls, DEL and NUL', () => {
    expect(stripControlCharacters('a\u0000b\u0007c\u001Bd\u007Fe\u0080f\u0085g\u009Fh')).toBe('abcdefgh');
  });

  it('removes Unicode tag characters and lone surrogates, and keeps surrogate pairs', () => {
    expect(stripControlCharacters('ok\u{E0069}\u{E0067}\u{E006E}')).toBe('ok');
    expect(stripControlCharacters('a\uD800b\uDFFFc😀')).toBe('abc😀');
  });

  it('turns line breaks and tabs into spaces in single-line text', () => {
    expect(stripControlCharacters('one\ntwo\r\nthree\rfour\tfive\u2028six\u2029seven')).toBe(
      'one two three four five six seven',
    );
  });

  it('keeps tab and newline in multi-line text, with every line break as \\n', () => {
    expect(stripControlCharacters('a\tb\nc\r\nd\re\u2028f\u2029g\u0000\u202E', { multiline: true })).toBe(
      'a\tb\nc\nd\ne\nf\ng',
    );
  });

  it('leaves ordinary text of any script alone', () => {
    const text = 'Café — 视频生成 «Veo 3» مرحبا שלום 👍🏽 🇯🇵 e\u0301';
    expect(stripControlCharacters(text)).toBe(text);
    expect(stripControlCharacters(text, { multiline: true })).toBe(text);
  });

  it('splits emoji joined by ZWJ into their parts (names and tags may lose the joined look)', () => {
    expect(stripControlCharacters('👩\u200D💻')).toBe('👩💻');
  });
});
