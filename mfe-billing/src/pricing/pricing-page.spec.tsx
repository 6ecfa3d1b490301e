import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import {
  CREDIT_PACKS,
  PRODUCT_NAMES_ZH,
  SUBSCRIPTION_PLANS,
  VIDEO_DURATION_SECONDS,
  VIDEO_MODELS,
} from '@veo3/contracts/catalogue';
import { redirectTo } from '../payment/redirect';
import { installDialogPolyfill, renderRoute } from '../testing/render-route';
import PricingPage from './pricing-page';

jest.mock('../payment/redirect', () => ({ ...jest.requireActual('../payment/redirect'), redirectTo: jest.fn() }));

const renderPage = () => renderRoute('/pricing', '/pricing', <PricingPage />);

const card = (name: string) => screen.getByRole('article', { name });
const successBanner = () => screen.getByTestId('success-banner');
const errorBanner = () => screen.getByTestId('error-banner');
/** Runs due timers and the promises they settle. */
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

const NO_SUBSCRIPTION = { hasActiveSubscription: false, subscription: null, portalAvailable: false };
const PRO_SUBSCRIPTION = {
  hasActiveSubscription: true,
  subscription: {
    planId: 'pro',
    billingCycle: 'monthly',
    currentPeriodEnd: '2026-12-23T12:00:00.000Z',
    status: 'active',
  },
  portalAvailable: false,
};

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let fetchMock: jest.Mock;
let routes: Record<string, Handler>;

/** Answers fetch by `METHOD path`; an unexpected call fails the test. */
function serve(next: Record<string, Handler>) {
  routes = next;
}

const calls = (key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${(init as RequestInit).method ?? 'GET'} ${url}` === key);

beforeAll(installDialogPolyfill);

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => {
    sessionStore.restore();
  });
  jest.mocked(redirectTo).mockClear();
  routes = { 'GET /api/stripe/subscription/status': () => jsonResponse({ success: true, data: NO_SUBSCRIPTION }) };
  fetchMock = jest.fn(async (url: string, init: RequestInit) => {
    const handler = routes[`${init.method ?? 'GET'} ${url}`];
    if (!handler) throw new Error(`unexpected ${init.method} ${url}`);
    return handler(url, init);
  });
  globalThis.fetch = fetchMock;
});

afterEach(() => {
  jest.useRealTimers();
});

/** Every number written on a card ("$1,234.50" → 1234.5), in the order they appear. */
function numbersOn(element: HTMLElement): number[] {
  return (element.textContent?.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((text) => Number(text.replaceAll(',', '')));
}

/** What the catalogue says a card may state: its price, credits, the Veo videos they buy, and their length and resolutions. */
function catalogueNumbers(price: number, credits: number): number[] {
  const resolutions = Object.keys(VIDEO_MODELS.veo3.prices).map((resolution) => Number.parseInt(resolution, 10));
  return [price, credits, Math.floor(credits / VIDEO_MODELS.veo3.cost), VIDEO_DURATION_SECONDS, ...resolutions];
}

const sorted = (numbers: number[]) => [...new Set(numbers)].sort((a, b) => a - b);

describe('PricingPage catalogue', () => {
  it.each(['en', 'zh-CN'] as const)(
    "%s: every number on each card is the catalogue's, and each fact is there",
    (lang) => {
      setLanguage(lang);
      renderPage();
      const offers = [
        ...SUBSCRIPTION_PLANS.map((plan) => ({ ...plan, price: plan.price.monthly })),
        ...CREDIT_PACKS.map((pack) => pack),
      ];
      for (const offer of offers) {
        const name = lang === 'zh-CN' ? PRODUCT_NAMES_ZH[offer.id] : offer.name;
        expect(sorted(numbersOn(card(name)))).toEqual(sorted(catalogueNumbers(offer.price, offer.credits)));
      }
      expect(screen.queryByText(/Videos up to|视频时长最长/)).toBeNull();
    },
  );

  it('shows three monthly plans with prices, credits, the videos they buy and features', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Plans & Pricing');
    expect(screen.getByText(/^Every 8-second video with sound costs 40 credits\./)).toBeTruthy();
    expect(document.title).toBe('Plans & Pricing | Veo 3 Studio');
    expect(screen.getAllByRole('button', { name: 'Subscribe' })).toHaveLength(3);

    const lite = within(card('Lite'));
    expect(lite.getByText('$29.90')).toBeTruthy();
    expect(lite.getByText('/month')).toBeTruthy();
    expect(lite.getByText('590 credits every month')).toBeTruthy();
    expect(lite.getByText('About 14 videos a month')).toBeTruthy();
    expect(lite.getByText('8-second videos with sound, 720p or 1080p')).toBeTruthy();
    expect(lite.getByText('Standard generation speed')).toBeTruthy();

    const pro = within(card('Pro'));
    expect(pro.getByText('$59.90')).toBeTruthy();
    expect(pro.getByText('1,340 credits every month')).toBeTruthy();
    expect(pro.getByText('About 33 videos a month')).toBeTruthy();
    expect(pro.getByText('Fastest generation speed')).toBeTruthy();
    expect(pro.getByText('Commercial usage rights')).toBeTruthy();
    expect(pro.getByText('Priority support')).toBeTruthy();

    const proPlus = within(card('Pro+'));
    expect(proPlus.getByText('$129.90')).toBeTruthy();
    expect(proPlus.getByText('3,370 credits every month')).toBeTruthy();
    expect(proPlus.getByText('Best value')).toBeTruthy();
  });

  it('zh-CN: plan names stay, pack names are translated, the video facts are worded in Chinese', () => {
    setLanguage('zh-CN');
    renderPage();
    expect(screen.getByText(/^每个带声音的 8 秒视频消耗 40 积分。/)).toBeTruthy();
    const pro = within(card('Pro'));
    expect(pro.getByText('每月 1,340 积分')).toBeTruthy();
    expect(pro.getByText('每月约可生成 33 个视频')).toBeTruthy();
    expect(pro.getByText('8 秒带声音视频，720p或1080p')).toBeTruthy();
    const starter = within(card('入门'));
    expect(starter.getByText('330 积分')).toBeTruthy();
    expect(starter.getByText('积分永不过期')).toBeTruthy();
  });

  it('shows three credit packs that never expire', () => {
    renderPage();
    expect(screen.getAllByRole('button', { name: 'Buy Now' })).toHaveLength(3);
    for (const [name, price, credits] of [
      ['Starter', '$19.90', '330 credits'],
      ['Basic', '$49.90', '950 credits'],
      ['Standard', '$99.90', '2,200 credits'],
    ] as const) {
      const pack = within(card(name));
      expect(pack.getByText(price)).toBeTruthy();
      expect(pack.getByText(credits)).toBeTruthy();
      expect(pack.getByText('Credits never expire')).toBeTruthy();
    }
  });

  it('says each thing once: "Credits never expire" only on the pack cards', () => {
    renderPage();
    expect(screen.getAllByText(/Credits never expire/)).toHaveLength(CREDIT_PACKS.length);
  });

  it('states the refund terms and links to the refund policy', () => {
    renderPage();
    expect(screen.getByText(/Credit packs are non-refundable/).textContent).toContain('within 3 days');
    expect(screen.getByRole('link', { name: 'Read the Refund Policy' }).getAttribute('href')).toBe('/refund-policy');
  });
});

describe('PricingPage signed out', () => {
  beforeEach(() => sessionStorage.clear());

  it('asks to login, sends a buyer to sign in and back here, and does not ask for a subscription', () => {
    renderPage();
    expect(screen.getByText('Please login before purchasing')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login?next=%2Fpricing');
    fireEvent.click(within(card('Pro')).getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByTestId('location').textContent).toBe('/login?next=%2Fpricing');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a credit pack also needs a login', () => {
    renderPage();
    fireEvent.click(within(card('Basic')).getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByTestId('location').textContent).toBe('/login?next=%2Fpricing');
  });

  it('back from signing in, the chosen pack opens at once (once)', async () => {
    const first = renderPage();
    fireEvent.click(within(card('Basic')).getByRole('button', { name: 'Buy Now' }));
    first.unmount();
    signInForTest();
    const second = renderPage();
    expect(await screen.findByRole('dialog', { name: 'Buy the Basic pack' })).toBeTruthy();
    second.unmount();
    renderPage();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Subscribe' })[0]).toBeEnabled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('back from signing in, the chosen plan opens once the subscription status is known', async () => {
    const first = renderPage();
    fireEvent.click(within(card('Pro')).getByRole('button', { name: 'Subscribe' }));
    first.unmount();
    signInForTest();
    renderPage();
    expect(await screen.findByRole('dialog', { name: 'Subscribe to Pro' })).toBeTruthy();
  });
});

describe('PricingPage subscription status', () => {
  it('without a plan: plans stay locked until the status is known, then can be bought', async () => {
    signInForTest();
    renderPage();
    expect(screen.queryByText('Please login before purchasing')).toBeNull();
    expect(screen.getByText('Checking your subscription...')).toBeTruthy();
    for (const button of screen.getAllByRole('button', { name: 'Subscribe' })) expect(button).toBeDisabled();

    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Subscribe' })[0]).toBeEnabled());
    expect(screen.queryByText('Checking your subscription...')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your subscription' })).toBeNull();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer test-token');
  });

  it('with an active plan: Current badge, disabled plan buttons, next billing date; packs stay purchasable', async () => {
    signInForTest();
    serve({ 'GET /api/stripe/subscription/status': () => jsonResponse({ success: true, data: PRO_SUBSCRIPTION }) });
    renderPage();

    const current = await within(card('Pro')).findByRole('button', { name: 'Current Plan' });
    expect(current).toBeDisabled();
    expect(within(card('Pro')).getByText('Current')).toBeTruthy();
    for (const name of ['Lite', 'Pro+']) {
      const button = within(card(name)).getByRole('button', { name: 'Switch Plan (Cancel First)' });
      expect(button).toBeDisabled();
      expect(within(card(name)).queryByText('Current')).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    for (const button of screen.getAllByRole('button', { name: 'Buy Now' })) expect(button).toBeEnabled();

    const panel = within(screen.getByRole('region', { name: 'Your subscription' }));
    expect(panel.getByText('You are subscribed to Pro, billed monthly.')).toBeTruthy();
    expect(panel.getByText('Next billing date')).toBeTruthy();
    expect(screen.getByTestId('next-billing-date').textContent).toBe('December 23, 2026');
    expect(panel.getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
    expect(panel.queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('zh-CN: the texts are translated and the date is year/month/day', async () => {
    setLanguage('zh-CN');
    signInForTest();
    serve({ 'GET /api/stripe/subscription/status': () => jsonResponse({ success: true, data: PRO_SUBSCRIPTION }) });
    renderPage();
    expect(await within(card('Pro')).findByRole('button', { name: '当前套餐' })).toBeDisabled();
    expect(within(card('Pro')).getByText('当前')).toBeTruthy();
    expect(within(card('Lite')).getByRole('button', { name: '切换套餐（请先取消）' })).toBeDisabled();
    expect(screen.getByTestId('next-billing-date').textContent).toBe('2026/12/23');
    expect(screen.getByText('下次扣费日期')).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消订阅' })).toBeTruthy();
  });

  it('reads a status sent as the body itself, with the date in seconds', async () => {
    signInForTest();
    serve({
      'GET /api/stripe/subscription/status': () =>
        jsonResponse({
          hasActiveSubscription: true,
          subscription: { planId: 'lite', billingCycle: 'monthly', currentPeriodEnd: 1_798_027_200, status: 'active' },
        }),
    });
    renderPage();
    expect(await within(card('Lite')).findByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(screen.getByTestId('next-billing-date').textContent).toBe('December 23, 2026');
  });

  it('a status that cannot be loaded says so, offers Retry and leaves the plans to the server to check', async () => {
    signInForTest();
    serve({ 'GET /api/stripe/subscription/status': () => jsonResponse({ success: false, message: 'down' }, 500) });
    renderPage();
    expect(await screen.findByText('Could not load your subscription status.')).toBeTruthy();
    for (const button of screen.getAllByRole('button', { name: 'Subscribe' })) expect(button).toBeEnabled();

    serve({ 'GET /api/stripe/subscription/status': () => jsonResponse({ success: true, data: PRO_SUBSCRIPTION }) });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(card('Pro')).findByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(screen.queryByText('Could not load your subscription status.')).toBeNull();
  });
});

describe('PricingPage cancelling a subscription', () => {
  async function openCancelDialog() {
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    return screen.getByRole('dialog', { name: 'Cancel your Pro subscription?' });
  }

  beforeEach(() => {
    signInForTest();
  });

  it('asks for confirmation; keeping the subscription sends nothing', async () => {
    serve({ 'GET /api/stripe/subscription/status': () => jsonResponse({ success: true, data: PRO_SUBSCRIPTION }) });
    renderPage();
    const dialog = await openCancelDialog();
    expect(within(dialog).getByText(/ends right away/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls('POST /api/stripe/subscription/cancel')).toHaveLength(0);
  });

  it('on success shows the server message, reads the status again and refreshes the balance', async () => {
    let subscribed = true;
    serve({
      'GET /api/stripe/subscription/status': () =>
        jsonResponse({ success: true, data: subscribed ? PRO_SUBSCRIPTION : NO_SUBSCRIPTION }),
      'POST /api/stripe/subscription/cancel': () => {
        subscribed = false;
        return jsonResponse({
          success: true,
          data: { message: 'Your subscription has been cancelled. Credits already granted stay in your balance.' },
        });
      },
    });
    const { client } = renderPage();
    client.setQueryData(creditsKeys.balance('1'), { total_credits: 1340 });

    const dialog = await openCancelDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));

    await waitFor(() =>
      expect(successBanner().textContent).toContain(
        'Your subscription has been cancelled. Credits already granted stay in your balance.',
      ),
    );
    const [, init] = calls('POST /api/stripe/subscription/cancel')[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ immediately: true });
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer test-token');
    expect(screen.queryByRole('dialog')).toBeNull();

    // The plans can be bought again once the new status is in.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Subscribe' })).toHaveLength(3));
    for (const button of screen.getAllByRole('button', { name: 'Subscribe' })) expect(button).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Your subscription' })).toBeNull();
    expect(calls('GET /api/stripe/subscription/status')).toHaveLength(2);
    expect(client.getQueryState(creditsKeys.balance('1'))?.isInvalidated).toBe(true);
    expect(errorBanner().textContent).toBe('');
  });

  it('on failure shows the server message', async () => {
    serve({
      'GET /api/stripe/subscription/status': () => jsonResponse({ success: true, data: PRO_SUBSCRIPTION }),
      'POST /api/stripe/subscription/cancel': () =>
        jsonResponse({ success: false, message: 'No active subscription to cancel.', code: 'NO_SUBSCRIPTION' }, 404),
    });
    renderPage();
    fireEvent.click(within(await openCancelDialog()).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(errorBanner().textContent).toContain('No active subscription to cancel.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(successBanner().textContent).toBe('');
  });

  it('on failure without a message says "Cancel failed", in zh-CN "取消失败"', async () => {
    serve({
      'GET /api/stripe/subscription/status': () => jsonResponse({ success: true, data: PRO_SUBSCRIPTION }),
      'POST /api/stripe/subscription/cancel': () => ({ ok: false, status: 502, text: async () => '' }) as Response,
    });
    renderPage();
    fireEvent.click(within(await openCancelDialog()).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(errorBanner().textContent).toContain('Cancel failed'));

    act(() => setLanguage('zh-CN'));
    fireEvent.click(screen.getByRole('button', { name: '取消订阅' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认取消' }));
    await waitFor(() => expect(errorBanner().textContent).toContain('取消失败'));
  });

  it('Manage billing opens the billing portal when it is available', async () => {
    serve({
      'GET /api/stripe/subscription/status': () =>
        jsonResponse({ success: true, data: { ...PRO_SUBSCRIPTION, portalAvailable: true } }),
      'POST /api/stripe/portal': () => jsonResponse({ success: true, url: 'https://billing.stripe.com/p/session/x' }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://billing.stripe.com/p/session/x'));
  });

  it('a billing portal that cannot be opened shows an error', async () => {
    serve({
      'GET /api/stripe/subscription/status': () =>
        jsonResponse({ success: true, data: { ...PRO_SUBSCRIPTION, portalAvailable: true } }),
      'POST /api/stripe/portal': () => jsonResponse({ success: false }, 500),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() =>
      expect(errorBanner().textContent).toContain('Could not open billing management. Please try again.'),
    );
    expect(redirectTo).not.toHaveBeenCalled();
  });
});

describe('PricingPage payment modal', () => {
  beforeEach(() => {
    signInForTest();
  });

  async function choose(name: string, action: 'Subscribe' | 'Buy Now') {
    const button = within(card(name)).getByRole('button', { name: action });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    return screen.getByRole('dialog');
  }

  it('a plan shows its monthly summary and can be closed without buying', async () => {
    renderPage();
    const dialog = await choose('Pro', 'Subscribe');
    expect(within(dialog).getByRole('heading', { name: 'Subscribe to Pro' })).toBeTruthy();
    expect(within(dialog).getByText('$59.90 per month')).toBeTruthy();
    expect(within(dialog).getByText('1,340 credits every month')).toBeTruthy();
    expect(within(dialog).getByText('Monthly, cancel any time')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to Plans' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls('POST /api/stripe/create-payment-intent')).toHaveLength(0);
  });

  it('Continue to payment creates a monthly session and goes to its checkout', async () => {
    let answer!: (response: Response) => void;
    serve({
      ...routes,
      'POST /api/stripe/create-payment-intent': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderPage();
    const dialog = await choose('Lite', 'Subscribe');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));

    // Busy while the session is made.
    const button = within(dialog).getByRole('button', { name: 'Continue to payment' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Back to Plans' })).toBeDisabled();
    expect(within(dialog).getByText('Preparing your secure checkout...')).toBeTruthy();

    const [, init] = calls('POST /api/stripe/create-payment-intent')[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      type: 'subscription',
      plan_id: 'lite',
      billing_cycle: 'monthly',
      amount: 29.9,
      currency: 'usd',
      success_url: 'http://localhost/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost/payment/cancel',
    });
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer test-token');

    await act(async () =>
      answer(jsonResponse({ success: true, url: '/payment/checkout?session_id=sim_1', session_id: 'sim_1' })),
    );
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/payment/checkout?session_id=sim_1'));
  });

  it('a pack sends its package id', async () => {
    serve({
      ...routes,
      'POST /api/stripe/create-payment-intent': () =>
        jsonResponse({ success: true, url: 'https://checkout.stripe.com/c/pay/cs_1', session_id: 'cs_1' }),
    });
    renderPage();
    const dialog = await choose('Starter', 'Buy Now');
    expect(within(dialog).getByText('Buy the Starter pack')).toBeTruthy();
    expect(within(dialog).getByText('$19.90, one-time')).toBeTruthy();
    expect(within(dialog).getByText('330 credits · Credits never expire')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
    const [, init] = calls('POST /api/stripe/create-payment-intent')[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ type: 'credits', package_id: 'starter', amount: 19.9 });
  });

  it('a refused session closes the modal and shows the server message', async () => {
    serve({
      ...routes,
      'POST /api/stripe/create-payment-intent': () =>
        jsonResponse(
          {
            success: false,
            message: 'You already have an active subscription. Please cancel it first to switch plans.',
            code: 'SUBSCRIPTION_ACTIVE',
          },
          409,
        ),
    });
    renderPage();
    fireEvent.click(within(await choose('Pro+', 'Subscribe')).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() =>
      expect(errorBanner().textContent).toContain(
        'You already have an active subscription. Please cancel it first to switch plans.',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('a failure without a message shows the default text', async () => {
    serve({
      ...routes,
      'POST /api/stripe/create-payment-intent': () => ({ ok: false, status: 500, text: async () => '' }) as Response,
    });
    renderPage();
    fireEvent.click(within(await choose('Basic', 'Buy Now')).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() =>
      expect(errorBanner().textContent).toContain('Failed to create payment session. Please try again.'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a reply without a checkout address is a failure too', async () => {
    serve({ ...routes, 'POST /api/stripe/create-payment-intent': () => jsonResponse({ success: true }) });
    renderPage();
    fireEvent.click(within(await choose('Basic', 'Buy Now')).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() =>
      expect(errorBanner().textContent).toContain('Failed to create payment session. Please try again.'),
    );
    expect(redirectTo).not.toHaveBeenCalled();
  });
});

describe('PricingPage banners', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    signInForTest();
  });

  it('an error clears after 5 s and can be dismissed sooner', async () => {
    serve({
      ...routes,
      'POST /api/stripe/create-payment-intent': () => jsonResponse({ success: false, message: 'Refused' }, 400),
    });
    renderPage();
    await advance(0);
    fireEvent.click(within(card('Starter')).getByRole('button', { name: 'Buy Now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await advance(0);
    expect(screen.getByRole('alert').textContent).toContain('Refused');
    await advance(4_900);
    expect(errorBanner().textContent).toContain('Refused');
    await advance(100);
    expect(errorBanner().textContent).toBe('');

    // Shown again, then dismissed.
    fireEvent.click(within(card('Starter')).getByRole('button', { name: 'Buy Now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await advance(0);
    fireEvent.click(within(errorBanner()).getByRole('button', { name: 'Dismiss' }));
    expect(errorBanner().textContent).toBe('');
  });

  it('a success clears after 3 s', async () => {
    serve({
      'GET /api/stripe/subscription/status': () => jsonResponse({ success: true, data: PRO_SUBSCRIPTION }),
      'POST /api/stripe/subscription/cancel': () => jsonResponse({ success: true, data: { message: 'Cancelled.' } }),
    });
    renderPage();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    await advance(0);
    expect(successBanner().textContent).toContain('Cancelled.');
    await advance(2_900);
    expect(successBanner().textContent).toContain('Cancelled.');
    await advance(100);
    expect(successBanner().textContent).toBe('');
  });
});
