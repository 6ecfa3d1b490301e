import { showcaseItems, tweetEmbedUrl, tweetIdFromUrl } from './showcase-items';

describe('showcase items', () => {
  it('holds 30 items with unique ids and known categories', () => {
    expect(showcaseItems).toHaveLength(30);
    expect(new Set(showcaseItems.map((item) => item.id)).size).toBe(30);
    for (const item of showcaseItems) {
      expect(['animation', 'movie', 'product', 'talk show', 'other']).toContain(item.category);
    }
  });

  it('embeds each post by the id at the end of its URL, dark and without tracking', () => {
    for (const item of showcaseItems) {
      expect(item.embedUrl).toBe(
        `https://platform.twitter.com/embed/Tweet.html?id=${item.videoUrl.split('/').pop()}&theme=dark&dnt=true`,
      );
    }
  });

  it('takes the last path segment as the post id, ignoring the query', () => {
    expect(tweetIdFromUrl('https://x.com/someone/status/1941885053619068984?s=19')).toBe('1941885053619068984');
    expect(tweetIdFromUrl('https://twitter.com/someone/status/42/')).toBe('42');
    expect(tweetEmbedUrl('https://x.com/a/status/7')).toBe(
      'https://platform.twitter.com/embed/Tweet.html?id=7&theme=dark&dnt=true',
    );
  });
});
