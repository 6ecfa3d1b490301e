import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import BlogPostPage from './blog-post-page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/blog/:slug" element={<BlogPostPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BlogPostPage', () => {
  beforeEach(() => setLanguage('en'));

  it('says the article does not exist, with a way back to the blog', () => {
    renderAt('/blog/missing-post');
    expect(screen.getByRole('heading', { level: 1, name: 'Article does not exist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Blog/ }).getAttribute('href')).toBe('/blog');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://localhost/blog/missing-post',
    );
  });

  it('shows the breadcrumb Home / Blog', () => {
    renderAt('/blog/missing-post');
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
  });

  it('speaks Chinese when the reader chose it', () => {
    setLanguage('zh-CN');
    renderAt('/blog/missing-post');
    expect(screen.getByRole('heading', { level: 1, name: '文章不存在' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /返回博客/ })).toBeTruthy();
  });
});
