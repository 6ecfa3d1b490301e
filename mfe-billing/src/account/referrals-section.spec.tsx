import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { renderRoute } from '../testing/render-route';
import { ReferralsSection } from './referrals-section';

const LINK = 'http://localhost:3000/?ref=AbCdEfGh12';
const SUMMARY = {
  link: LINK,
  code: 'AbCdEfGh12',
  reward_credits: 1000,
  invited: 3,
  rewarded: 2,
  credits_earned: 2000,
};

function serve(answers: (() => Response)[]) {
  const fetchMock = jest.fn(async () => (answers.length > 1 ? answers.shift()! : answers[0]!)());
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
const ok = () => jsonResponse({ success: true, data: SUMMARY });
const failed = () => jsonResponse({ success: false, message: 'down', code: 'INTERNAL' }, 500);

const renderSection = () =>
  renderRoute('/account', '/account', <ReferralsSection user={{ id: 'u1' }} headingId="invite-heading" />);

describe('ReferralsSection', () => {
  beforeEach(() => {
    localStorage.clear();
    setLanguage('en');
    signInForTest({ id: 'u1' });
  });

  it('shows the link, the rule with the number of credits, and what the link brought', async () => {
    serve([ok]);
    renderSection();
    expect(await screen.findByRole('textbox', { name: 'Your invitation link' })).toHaveValue(LINK);
    expect(
      screen.getByText(
        'Share your link. When a friend signs up through it and makes a first purchase, you both get 1,000 credits.',
      ),
    ).toBeInTheDocument();
    const figures = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(figures).toEqual(['3', '2', '2,000 credits']);
    expect(screen.getByText('Friends who signed up')).toBeInTheDocument();
  });

  it('copies the link and says so; where the clipboard is refused, selects it instead', async () => {
    serve([ok]);
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSection();
    const field = await screen.findByRole('textbox', { name: 'Your invitation link' });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied'));
    expect(writeText).toHaveBeenCalledWith(LINK);

    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('The link is selected: copy it with your keyboard or menu.')).toBeInTheDocument();
    expect((field as HTMLInputElement).selectionEnd).toBe(LINK.length);
  });

  it('says when it failed to load, and Retry loads it', async () => {
    serve([failed, ok]);
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your invitation link.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: 'Your invitation link' })).toHaveValue(LINK);
  });

  it('speaks Chinese', async () => {
    setLanguage('zh-CN');
    serve([ok]);
    renderSection();
    expect(await screen.findByRole('textbox', { name: '你的邀请链接' })).toHaveValue(LINK);
    expect(screen.getByRole('heading', { name: '邀请好友' })).toBeInTheDocument();
    expect(screen.getByText(/你们各得 1,000 积分/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '复制链接' })).toBeInTheDocument();
  });
});
