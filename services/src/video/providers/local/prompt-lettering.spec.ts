import { displayText, renderLettering } from './prompt-lettering';

describe('displayText', () => {
  it('keeps quotes, colons and percent signs, and drops emoji and control characters', () => {
    expect(displayText('A "red" car: 100% fast 🚗✨👩‍👩‍👧\u0007\ttoo', 100)).toBe('A "red" car: 100% fast too');
  });

  it('keeps line breaks but no more than one empty line in a row', () => {
    expect(displayText('  first\r\nsecond  line \n\n\n\nthird ', 100)).toBe('first\nsecond line\n\nthird');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    expect(displayText('one two three, four five six seven', 20)).toBe('one two three…');
  });
});

describe('renderLettering', () => {
  it('shrinks the text until it fits the box, and escapes markup', async () => {
    const style = { maxWidth: 600, maxHeight: 200, sizes: [60, 40, 24, 12] };
    const lettering = await renderLettering('<b>Not bold</b> & not an entity: &amp; '.repeat(6), style);

    expect(lettering?.width).toBeLessThanOrEqual(600);
    expect(lettering?.height).toBeLessThanOrEqual(200);
    expect(await renderLettering('', style)).toBeNull();
  });
});
