import { act, renderHook } from '@testing-library/react';
import type { ShowcaseCategory, ShowcaseItem } from './showcase-items';
import { galleryView, useGallery } from './use-gallery';

function items(categories: ShowcaseCategory[]): ShowcaseItem[] {
  return categories.map((category, index) => ({
    id: String(index),
    creator: `@creator${index}`,
    videoUrl: `https://x.com/creator${index}/status/${index}`,
    embedUrl: `https://platform.twitter.com/embed/Tweet.html?id=${index}&theme=dark&dnt=true`,
    category,
    still: `${index}.webp`,
  }));
}

const twelve = items([
  'animation',
  'movie',
  'product',
  'talk show',
  'animation',
  'movie',
  'product',
  'animation',
  'movie',
  'animation',
  'product',
  'animation',
]);

describe('galleryView', () => {
  it('filters by category and cuts to the visible count', () => {
    const view = galleryView(twelve, 'animation', 4);
    expect(view.visible.map((item) => item.category)).toEqual(['animation', 'animation', 'animation', 'animation']);
    expect(view.total).toBe(5);
    expect(view.hasMore).toBe(true);
    expect(view.isEmpty).toBe(false);
  });

  it('reports an empty category', () => {
    expect(galleryView(twelve, 'other', 4)).toEqual({ visible: [], total: 0, hasMore: false, isEmpty: true });
  });

  it('has no more items once everything is visible', () => {
    expect(galleryView(twelve, 'all', 12).hasMore).toBe(false);
  });
});

describe('useGallery', () => {
  it('shows 8 items first, 4 after choosing a category, and 4 more per step', () => {
    const { result } = renderHook(() => useGallery(twelve));
    expect(result.current.filter).toBe('all');
    expect(result.current.visible).toHaveLength(8);

    act(() => result.current.chooseFilter('animation'));
    expect(result.current.visible).toHaveLength(4);

    act(() => result.current.showMore());
    expect(result.current.visible).toHaveLength(5);
    expect(result.current.hasMore).toBe(false);

    act(() => result.current.chooseFilter('all'));
    expect(result.current.visible).toHaveLength(4);
    act(() => result.current.showMore());
    act(() => result.current.showMore());
    expect(result.current.visible).toHaveLength(12);
    expect(result.current.hasMore).toBe(false);
  });
});
