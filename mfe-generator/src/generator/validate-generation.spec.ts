import { translate } from '@veo3/platform/i18n/i18n';
import { MAX_PROMPT_LENGTH } from '@veo3/contracts/generation-options';
import { generatorMessages } from './generator.messages';
import { validateGeneration, type GenerationInput } from './validate-generation';

const image = new File(['x'], 'cat.png', { type: 'image/png' });

function message(input: Partial<GenerationInput>): string | null {
  const mode = input.mode ?? 'text';
  const issue = validateGeneration({
    mode,
    prompt: 'A toy car',
    image: null,
    user: { credits: 100 },
    modelName: mode === 'text' ? 'VEO 3 Text' : 'VEO 3 Image',
    cost: 40,
    ...input,
  });
  // A signed-out Generate has no text of its own: the page's one sign-in notice says it.
  if (issue?.key === 'errorLoginRequired') return 'login';
  return issue && translate(generatorMessages, issue.key, issue.vars, 'en');
}

describe('validateGeneration', () => {
  it('passes a complete request', () => {
    expect(message({})).toBeNull();
    expect(message({ mode: 'image', image })).toBeNull();
    expect(message({ user: { credits: 40 } })).toBeNull();
  });

  it('asks for a prompt first, even when everything else is missing too', () => {
    expect(message({ mode: 'image', prompt: '   ', image: null, user: null })).toBe('Please enter a prompt');
  });

  it('refuses a prompt over the limit the server keeps, saying how long it is', () => {
    expect(message({ prompt: 'a'.repeat(MAX_PROMPT_LENGTH) })).toBeNull();
    expect(message({ prompt: 'a'.repeat(MAX_PROMPT_LENGTH + 1), user: null })).toBe(
      'The prompt is too long (2001 / 2000 characters). Please shorten it.',
    );
  });

  it('then asks for an image in image mode', () => {
    expect(message({ mode: 'image', user: null })).toBe(
      'Image to Video mode requires an image. Please upload an image.',
    );
  });

  it('does not need an image in text mode', () => {
    expect(message({ mode: 'text', user: null })).toBe('login');
  });

  it('then asks to login', () => {
    expect(message({ mode: 'image', image, user: null })).toBe('login');
  });

  it('finally checks the credits against the model cost', () => {
    expect(message({ user: { credits: 12 } })).toBe(
      'Not enough credits! Generating a VEO 3 Text video requires 40 credits, you currently have 12 credits',
    );
    expect(message({ mode: 'image', image, user: { credits: 39 } })).toBe(
      'Not enough credits! Generating a VEO 3 Image video requires 40 credits, you currently have 39 credits',
    );
  });

  it('refuses a comparison of fewer than two models before anything else is checked', () => {
    expect(message({ prompt: '', compareIssue: 'compareTooFew' })).toBe('Tick at least 2 models to compare.');
    expect(message({ compareIssue: 'compareNoShape' })).toBe('These models make no format in common: untick one.');
  });
});
