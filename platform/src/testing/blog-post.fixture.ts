import type { BlogPostWithContent as BlogPost } from '@veo3/contracts/blog';

/** A published article for component tests; override what a test is about. */
export function blogPostFixture(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: 7,
    slug: 'make-your-first-ai-video',
    title: 'Make your first AI video',
    excerpt: 'A short guide to writing prompts that give Veo 3 videos realistic sound.',
    content: '<p>Start with a **clear** subject.</p>',
    featured_image: 'https://cdn.example.com/cover.jpg',
    author_name: 'Ann Lee',
    author_avatar: null,
    status: 'published',
    published_at: '2025-03-04T10:00:00.000Z',
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-04T10:00:00.000Z',
    view_count: 1234,
    tags: ['Guides', 'Prompts'],
    meta_title: null,
    meta_description: null,
    ...overrides,
  };
}
