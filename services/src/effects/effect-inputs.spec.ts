import type { EffectInput } from '@veo3/contracts/effects';
import type { UploadedFile } from '../video/uploaded-file';
import { checkEffectInputs, effectTitle, type EffectForm } from './effect-inputs';

const label = { en: 'Who is it for', 'zh-CN': '送给谁' };
const INPUTS: EffectInput[] = [
  { key: 'text_1', kind: 'text', label, required: true, max_length: 10 },
  { key: 'photo_1', kind: 'photo', label: { en: 'Your photo', 'zh-CN': '你的照片' }, required: false },
];
const file = { path: '/tmp/x', size: 1, head: Buffer.alloc(0), sha256: 'x' } as UploadedFile;
const form = (over: Partial<EffectForm>): EffectForm => ({
  texts: {},
  photos: {},
  unknown: [],
  clientKey: null,
  ...over,
});

describe('checkEffectInputs', () => {
  it('trims the texts and keeps the photos given', () => {
    const checked = checkEffectInputs(
      INPUTS,
      true,
      form({ texts: { text_1: '  Anna ' }, peopleConsent: 'yes', photos: { photo_1: file } }),
    );
    expect(checked).toEqual({ texts: { text_1: 'Anna' }, photos: { photo_1: file } });
  });

  it('refuses a missing required input, naming it', () => {
    expect(() => checkEffectInputs(INPUTS, false, form({ texts: { text_1: '   ' } }))).toThrow(
      /who is it for \(text_1\)/,
    );
  });

  it('refuses a text past its length', () => {
    expect(() => checkEffectInputs(INPUTS, false, form({ texts: { text_1: 'x'.repeat(11) } }))).toThrow(/at most 10/);
  });

  it('refuses a field the effect does not take, and any photo for an effect that takes none', () => {
    expect(() => checkEffectInputs(INPUTS, false, form({ texts: { text_1: 'A', text_2: 'B' } }))).toThrow(/"text_2"/);
    expect(() => checkEffectInputs(INPUTS, false, form({ texts: { text_1: 'A' }, unknown: ['prompt'] }))).toThrow(
      /"prompt"/,
    );
    expect(() =>
      checkEffectInputs([INPUTS[0]!], false, form({ texts: { text_1: 'A' }, photos: { photo_1: file } })),
    ).toThrow('This effect takes no photos.');
  });

  it('asks for consent when a photo of people is sent, and only then', () => {
    const withPhoto = form({ texts: { text_1: 'A' }, photos: { photo_1: file } });
    expect(() => checkEffectInputs(INPUTS, true, withPhoto)).toThrow(/adult who agreed/);
    expect(() => checkEffectInputs(INPUTS, true, { ...withPhoto, peopleConsent: 'no' })).toThrow(/adult who agreed/);
    expect(checkEffectInputs(INPUTS, true, form({ texts: { text_1: 'A' } })).photos).toEqual({});
    expect(checkEffectInputs(INPUTS, false, withPhoto).photos).toEqual({ photo_1: file });
  });
});

describe('effectTitle', () => {
  it("is the effect's name, with the user's words when there are some", () => {
    expect(effectTitle('AI Hug', {})).toBe('AI Hug');
    expect(effectTitle('Xmas Wish', { text_1: 'Anna' })).toBe('Xmas Wish — Anna');
  });
});
