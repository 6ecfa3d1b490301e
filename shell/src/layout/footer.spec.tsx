import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { Footer } from './footer';

function renderFooter() {
  return render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
}

afterEach(() => act(() => setLanguage('en', { remember: false })));

describe('Footer', () => {
  it('links the landing pages from its product column, so every page leads to them', () => {
    renderFooter();
    const product = within(screen.getByRole('navigation', { name: 'Product' }));
    expect(product.getByRole('link', { name: 'Video Effects' })).toHaveAttribute('href', '/video-effects');
    expect(product.getByRole('link', { name: 'AI French Kissing' })).toHaveAttribute('href', '/ai-french-kissing');
    expect(product.getByRole('link', { name: 'ASMR Video' })).toHaveAttribute('href', '/asmr-video');
    expect(product.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(product.getByRole('link', { name: 'Developers' })).toHaveAttribute('href', '/developers');
    expect(product.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
  });

  it('names them in Chinese', () => {
    act(() => setLanguage('zh-CN', { remember: false }));
    renderFooter();
    const product = within(screen.getByRole('navigation', { name: '产品' }));
    expect(product.getByRole('link', { name: '视频特效' })).toHaveAttribute('href', '/video-effects');
    expect(product.getByRole('link', { name: 'AI 法式接吻' })).toHaveAttribute('href', '/ai-french-kissing');
    expect(product.getByRole('link', { name: 'ASMR 视频' })).toHaveAttribute('href', '/asmr-video');
    expect(product.getByRole('link', { name: '开发者' })).toHaveAttribute('href', '/developers');
    expect(product.getByRole('link', { name: '社区作品' })).toHaveAttribute('href', '/explore');
  });
});
