import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { sessionStore } from '@veo3/platform/session/session-store';
import { useBalance } from '@veo3/platform/credits/use-balance';
import { taskEvents } from '@veo3/platform/events/task-events';
import type { FakeTaskEvents } from '@veo3/platform/testing/fake-task-events';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';

jest.mock('@veo3/platform/events/task-events', () => ({
  taskEvents: jest.requireActual('@veo3/platform/testing/fake-task-events').createFakeTaskEvents(),
}));
const stream = taskEvents as unknown as FakeTaskEvents;

const reply = jsonResponse;

function Balance({ label }: { label: string }) {
  const { credits } = useBalance();
  return (
    <p>
      {label}: {credits}
    </p>
  );
}

function Updating() {
  const { credits, updating } = useBalance();
  return <p>{updating ? `${credits} (updating)` : credits}</p>;
}

function renderUpdating() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Updating />
    </QueryClientProvider>,
  );
}

function renderReaders() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Balance label="header" />
      <Balance label="page" />
    </QueryClientProvider>,
  );
}

describe('useBalance', () => {
  beforeEach(() => localStorage.clear());

  it('is 0 for a visitor and asks nothing', () => {
    act(() => void sessionStore.restore());
    globalThis.fetch = jest.fn();
    renderReaders();
    expect(screen.getByText('header: 0')).toBeInTheDocument();
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it('serves concurrent readers from one request and stores the fetched user', async () => {
    const user = signInForTest({ id: 'u1', credits: 5 });
    globalThis.fetch = jest.fn(async () =>
      reply({
        success: true,
        data: { total_credits: 400, transactions: [], user: { ...user, credits: 400, can_manage_blog: true } },
      }),
    );
    renderReaders();
    expect(await screen.findByText('header: 400')).toBeInTheDocument();
    expect(screen.getByText('page: 400')).toBeInTheDocument();
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(sessionStore.getState().user).toMatchObject({ credits: 400, can_manage_blog: true }));
  });

  it("takes the stream's balance event into the cached balance, with no request", async () => {
    const user = signInForTest({ id: 'u1', credits: 5 });
    globalThis.fetch = jest.fn(async () =>
      reply({ success: true, data: { total_credits: 400, transactions: [], user } }),
    );
    renderReaders();
    expect(await screen.findByText('header: 400')).toBeInTheDocument();
    stream.emitBalance(360);
    expect(await screen.findByText('header: 360')).toBeInTheDocument();
    expect(screen.getByText('page: 360')).toBeInTheDocument();
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
  });

  it('marks the stored balance as updating until the server answers', async () => {
    signInForTest({ id: 'u1', credits: 5 });
    let answer!: (r: Response) => void;
    globalThis.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderUpdating();
    expect(screen.getByText('5 (updating)')).toBeInTheDocument();
    await act(async () => answer(reply({ success: true, data: { total_credits: 400, transactions: [] } })));
    expect(await screen.findByText('400')).toBeInTheDocument();
  });

  it('shows 0 when the balance cannot be fetched', async () => {
    signInForTest({ id: 'u1', credits: 5 });
    globalThis.fetch = jest.fn(async () => reply({ success: false, error: 'Database unavailable' }, 200));
    renderReaders();
    expect(await screen.findByText('header: 0')).toBeInTheDocument();
  });
});
