import { effectFixture } from '../testing/admin.fixtures';
import { addInput, draftOf, formOf, undeclaredKeys } from './effect-form';

describe('effect form', () => {
  it('puts a new input in the first free slot of its kind, photos before texts', () => {
    const [, second] = formOf(effectFixture()).inputs;
    const withText = addInput([second!], 'text');
    expect(withText.map((input) => input.key)).toEqual(['photo_2', 'text_1']);
    expect(addInput(withText, 'photo').map((input) => input.key)).toEqual(['photo_1', 'photo_2', 'text_1']);
    const full = addInput(addInput(withText, 'photo'), 'text');
    expect(addInput(full, 'text')).toBe(full);
  });

  it('flags placeholders that name no text input, photos included', () => {
    const inputs = addInput(formOf().inputs, 'text');
    expect(undeclaredKeys('Say {{ text_1 }} to {{photo_1}} and {{text_2}}', inputs)).toEqual(['photo_1', 'text_2']);
  });

  it('turns an effect into its draft again, unchanged but for the reason', () => {
    const effect = effectFixture();
    const checked = draftOf({ ...formOf(effect), reason: 'No change' });
    expect(checked.draft).toEqual({
      slug: effect.slug,
      category: effect.category,
      badge: effect.badge,
      name: effect.name,
      description: effect.description,
      inputs: effect.inputs,
      faq: effect.faq,
      people: effect.people,
      prompt_template: effect.prompt_template,
      price: effect.price,
      settings: effect.settings,
      reason: 'No change',
    });
  });
});
