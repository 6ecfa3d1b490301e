import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  embedProvider,
  showcaseItems,
  tweetEmbedUrl,
  tweetIdFromUrl,
  youTubeEmbedUrl,
  youTubeIdFromUrl,
} from './showcase-items';

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

  it('ships a local still for every item', () => {
    for (const item of showcaseItems) {
      expect(item.still).toBe(`${item.id}.webp`);
      expect(existsSync(join(__dirname, '../../assets/showcase', item.still))).toBe(true);
    }
  });

  it('embeds a YouTube video through the no-cookie player', () => {
    expect(youTubeIdFromUrl('https://www.youtube.com/watch?v=abc123&t=4')).toBe('abc123');
    expect(youTubeIdFromUrl('https://youtu.be/abc123')).toBe('abc123');
    expect(youTubeEmbedUrl('https://youtu.be/abc123')).toBe(
      'https://www.youtube-nocookie.com/embed/abc123?autoplay=1&enablejsapi=1',
    );
    expect(embedProvider({ embedUrl: youTubeEmbedUrl('https://youtu.be/abc123') })).toBe('youtube');
    expect(embedProvider(showcaseItems[0]!)).toBe('x');
  });
});
