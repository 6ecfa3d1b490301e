import type { ReactElement } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { resetRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { PrivacyPage } from './privacy-page';
import { privacyContent } from './privacy.content';
import { RefundPage } from './refund-page';
import { refundContent } from './refund.content';
import { TermsPage } from './terms-page';
import { termsContent } from './terms.content';

function renderPage(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

beforeEach(() => {
  const config = document.createElement('script');
  config.id = 'app-config';
  config.type = 'application/json';
  config.textContent = JSON.stringify({ supportEmail: 'help@veo3.test', serviceEmail: 'biz@veo3.test' });
  document.body.appendChild(config);
  resetRuntimeConfig();
});

afterEach(() => {
  document.getElementById('app-config')?.remove();
  resetRuntimeConfig();
  act(() => setLanguage('en'));
});

describe('RefundPage', () => {
  it('states one clear refund rule for subscriptions', () => {
    renderPage(<RefundPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Refund Policy');
    expect(document.title).toBe('Refund Policy | Veo 3 Studio');

    const subscriptions = screen.getByRole('region', { name: '1. Subscriptions' });
    expect(subscriptions).toHaveTextContent(
      'refundable if you ask for the refund within 3 days of the payment and no more than 200 credits have been used',
    );
    expect(subscriptions).toHaveTextContent('Payment processing fees are deducted from every refund.');
    expect(document.body).not.toHaveTextContent(/more than 10 credits/);
  });

  it('covers credit packs, annual plans, processing time and governing law', () => {
    renderPage(<RefundPage />);
    expect(screen.getByRole('region', { name: '3. Credit packs' })).toHaveTextContent(
      'One-off credit purchases (credit packs) are non-refundable.',
    );
    expect(screen.getByRole('region', { name: '2. Annual plans' })).toHaveTextContent(
      'converted to a monthly plan: we deduct the price of one month',
    );
    expect(screen.getByRole('region', { name: '6. How to request a refund' })).toHaveTextContent(
      'processed within 5–7 business days',
    );
    expect(screen.getByRole('region', { name: '8. Governing law' })).toHaveTextContent(
      'governed by the laws of the United Kingdom',
    );
  });

  it('states the one rule for the credits of a refunded or disputed payment, however the refund is made', () => {
    renderPage(<RefundPage />);
    const credits = screen.getByRole('region', { name: '7. Credits of a refunded payment' });
    expect(credits).toHaveTextContent(
      'a refund we make for you, a refund made through our payment processor (Stripe), or a dispute you raise with your bank',
    );
    expect(credits).toHaveTextContent(
      'only what your balance holds is taken: credits you have already used are not charged again, and your balance never goes below zero',
    );
    expect(credits).toHaveTextContent('A partial refund takes back the same share of the credits, rounded down.');
    expect(credits).toHaveTextContent('taken back once, even if the refund reaches us more than once');
    act(() => setLanguage('zh-CN'));
    const zh = screen.getByRole('region', { name: '7. 已退款付款的积分' });
    expect(zh).toHaveTextContent('通过我们的支付服务商（Stripe）办理的退款');
    expect(zh).toHaveTextContent('已使用的积分不会再被扣除，你的余额也不会低于零');
  });

  it('gives the support and service addresses from the runtime config', () => {
    renderPage(<RefundPage />);
    const contact = screen.getByRole('region', { name: '9. Contact' });
    expect(within(contact).getByRole('link', { name: 'help@veo3.test' })).toHaveAttribute(
      'href',
      'mailto:help@veo3.test',
    );
    expect(within(contact).getByRole('link', { name: 'biz@veo3.test' })).toHaveAttribute(
      'href',
      'mailto:biz@veo3.test',
    );
  });

  it('is shown in Chinese when the reader chose zh-CN', () => {
    act(() => setLanguage('zh-CN'));
    renderPage(<RefundPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('退款政策');
    expect(screen.getByRole('region', { name: '1. 订阅' })).toHaveTextContent('3 天内');
  });
});

describe('TermsPage and PrivacyPage', () => {
  it('render their titles, a table of contents and links to the other policies', () => {
    renderPage(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Terms of Service');
    expect(within(screen.getByRole('navigation', { name: 'On this page' })).getAllByRole('link')).toHaveLength(
      termsContent.documents.en.sections.length,
    );
    const others = screen.getByRole('navigation', { name: 'Other policies' });
    expect(within(others).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(within(others).getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy');
  });

  it('sets the privacy page title and canonical link', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Privacy Policy | Veo 3 Studio');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost/privacy-policy',
    );
  });
});

describe('PrivacyPage retention', () => {
  it('says how long each kind of data is kept, with the periods the hourly purge enforces', () => {
    renderPage(<PrivacyPage />);
    const retention = screen.getByRole('region', { name: '7. How long we keep it' });
    const items = within(retention)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // The defaults of RETENTION_SESSION_DAYS, RETENTION_FAILED_UPLOAD_DAYS and RETENTION_CHECKOUT_DAYS.
    expect(items).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Account data .*until you delete your account.*“Download my data”.*“Delete my account”/),
        expect.stringMatching(
          /^Generated videos.*until you delete them or your account.*restored for 30 days, and is then deleted automatically/,
        ),
        expect.stringMatching(/^Sign-in sessions .*30 days after you sign out or the session expires/),
        expect.stringMatching(/^Images uploaded for a generation that failed: 30 days after it failed/),
        expect.stringMatching(/^Checkouts you started but did not pay for: 30 days/),
        expect.stringMatching(/^Payments and the record of your credits: six years.*HMRC.*pseudonymised/),
        expect.stringMatching(/audit records.*pseudonymised/),
        expect.stringMatching(/^Data export archives .*7 days, then deleted/),
        expect.stringMatching(/^Analytics: collected only if you accept.*6 months; “Cookie settings” in the footer/),
        expect.stringMatching(/^Backups: /),
      ]),
    );
    expect(within(retention).getByRole('link', { name: 'help@veo3.test' })).toHaveAttribute(
      'href',
      'mailto:help@veo3.test',
    );
  });

  it('gives the same periods in Chinese', () => {
    act(() => setLanguage('zh-CN'));
    renderPage(<PrivacyPage />);
    const retention = screen.getByRole('region', { name: '7. 数据保存期限' });
    expect(retention).toHaveTextContent('可在 30 天内恢复，之后自动删除');
    expect(retention).toHaveTextContent('在你退出登录或会话过期后保存 30 天');
    expect(retention).toHaveTextContent('在失败后保存 30 天');
    expect(retention).toHaveTextContent('已发起但未付款的结账：保存 30 天');
    expect(retention).toHaveTextContent('保存六年');
    expect(retention).toHaveTextContent('可在 7 天内下载');
    expect(retention).toHaveTextContent('在浏览器中保存 6 个月');
  });
});

describe('legal texts', () => {
  it.each([
    ['terms', termsContent],
    ['privacy', privacyContent],
    ['refund', refundContent],
  ])('%s has the same sections in English and Chinese', (_name, content) => {
    const shape = (lang: 'en' | 'zh-CN') =>
      content.documents[lang].sections.map((s) => [s.id, s.paragraphs?.length, s.items?.length, s.closing?.length]);
    expect(shape('zh-CN')).toEqual(shape('en'));
  });
});
