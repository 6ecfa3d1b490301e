import { pictureOf } from '@veo3/platform/server/prerender-page';

describe('pictureOf', () => {
  it('drops what names or ties a control, keeping how it looks', () => {
    const html =
      '<label for="p" class="a">Prompt</label><textarea id="p" name="prompt" rows="5" class="b" aria-describedby="c" ' +
      'placeholder="A red car" data-testid="prompt"></textarea><p class="n">say &quot;id=&quot; aloud</p>';
    expect(pictureOf(html)).toBe(
      '<label class="a">Prompt</label><textarea rows="5" class="b" placeholder="A red car"></textarea>' +
        '<p class="n">say &quot;id=&quot; aloud</p>',
    );
  });
});
