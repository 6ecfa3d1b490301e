import { fireEvent, render, screen } from '@testing-library/react';
import { blogPostFixture } from '@veo3/platform/testing/blog-post.fixture';
import { ArticleForm } from './article-form';

describe('ArticleForm', () => {
  it('loads the fields of the article being edited', () => {
    const post = blogPostFixture({ meta_title: 'SEO title', meta_description: 'SEO text', status: 'archived' });
    render(<ArticleForm post={post} notice={null} onCancel={() => {}} onSave={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Edit Article' })).toBeTruthy();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Make your first AI video');
    expect((screen.getByLabelText('Excerpt') as HTMLTextAreaElement).value).toBe(post.excerpt);
    expect((screen.getByLabelText(/^Content/) as HTMLTextAreaElement).value).toBe(post.content);
    expect((screen.getByLabelText('SEO Title') as HTMLInputElement).value).toBe('SEO title');
    expect((screen.getByLabelText('SEO Description') as HTMLTextAreaElement).value).toBe('SEO text');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('archived');
    expect(screen.getByRole('img', { name: 'Chosen featured image' }).getAttribute('src')).toBe(post.featured_image);
  });

  it('saves what was entered, tags included', () => {
    const onSave = jest.fn();
    render(<ArticleForm post={blogPostFixture()} notice={null} onCancel={() => {}} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      title: 'Make your first AI video',
      content: '<p>Start with a **clear** subject.</p>',
      excerpt: 'A short guide to writing prompts that give Veo 3 videos realistic sound.',
      featured_image: 'https://cdn.example.com/cover.jpg',
      status: 'draft',
      meta_title: '',
      meta_description: '',
      tags: ['Guides', 'Prompts'],
    });
  });

  it('moves focus to its heading when it opens', () => {
    render(<ArticleForm post={null} notice={null} onCancel={() => {}} onSave={() => {}} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'New Article' }));
  });
});
