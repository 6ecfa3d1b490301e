import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { V1_ROUTES, problemAnchor, type V1Route } from '@veo3/contracts/public-api';
import { resetRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { operationAnchor } from './api-reference';
import { API_ERRORS } from './developers-errors';
import { DevelopersPage } from './developers-page';
import { OPERATIONS_ZH } from './operations.zh';

const ROUTES = V1_ROUTES as readonly V1Route[];
const SITE = 'https://studio.example';

function renderPage() {
  return render(
    <MemoryRouter>
      <DevelopersPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  const config = document.createElement('script');
  config.id = 'app-config';
  config.type = 'application/json';
  config.textContent = JSON.stringify({ siteUrl: SITE, supportEmail: 'help@veo3.test', serviceEmail: 'biz@veo3.test' });
  document.body.appendChild(config);
  resetRuntimeConfig();
});

afterEach(() => {
  document.getElementById('app-config')?.remove();
  resetRuntimeConfig();
  act(() => setLanguage('en', { remember: false }));
});

/** Every problem code a /v1 route's examples answer. */
const exampleCodes = [
  ...new Set(
    ROUTES.flatMap((route) =>
      Object.values(route.replies).map((reply) => (reply.example as { code?: string } | undefined)?.code),
    ).filter((code): code is string => Boolean(code)),
  ),
];

describe('DevelopersPage', () => {
  it('has one h1, section headings in order, and names itself for search engines', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Developer API and MCP | Veo 3 Studio');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}/developers`);
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'On this page',
      'Overview',
      'Quick start',
      'Authentication and scopes',
      'Errors',
      'Rate limits and caps',
      'Webhooks',
      'MCP for AI assistants',
      'API reference',
    ]);
    // No heading level is skipped: operations are h3 under the reference's h2.
    const levels = [...document.querySelectorAll('h1, h2, h3, h4')].map((h) => Number(h.tagName[1]));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it('starts with a key, an idempotent create, a poll and a download, on this site', () => {
    renderPage();
    const quick = within(screen.getByRole('region', { name: 'Quick start' }));
    expect(quick.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    const create = quick.getByRole('region', { name: 'Create a video (curl)' });
    expect(create).toHaveTextContent(`curl -X POST ${SITE}/v1/videos`);
    expect(create).toHaveTextContent('Idempotency-Key: $(uuidgen)');
    expect(quick.getByRole('region', { name: 'Read the video until it is ready (curl)' })).toHaveTextContent(
      `${SITE}/v1/videos/$VIDEO_ID`,
    );
    expect(quick.getByRole('region', { name: 'Create, wait and download (TypeScript)' })).toHaveTextContent(
      "'Idempotency-Key': crypto.randomUUID()",
    );
  });

  it('documents every /v1 operation from the contract, with its scopes, an example request and reply', () => {
    renderPage();
    for (const route of ROUTES) {
      const op = within(document.getElementById(operationAnchor(route.operationId))!);
      expect(op.getByRole('heading', { level: 3, name: route.summary })).toBeInTheDocument();
      expect(op.getByText(route.path)).toBeInTheDocument();
      expect(op.getByRole('region', { name: `Example request: ${route.summary}` })).toHaveTextContent(
        `${SITE}${route.path.replace(/:(\w+)/g, (_m, name: string) => route.example?.params?.[name] ?? '')}`,
      );
      expect(op.getByRole('region', { name: `Example reply: ${route.summary}` })).toBeInTheDocument();
      if (route.scopes?.length) expect(op.getByText(route.scopes.join(', '))).toBeInTheDocument();
    }
    const create = within(document.getElementById(operationAnchor('createVideo'))!);
    const parameters = create.getByRole('table', { name: 'Parameters' });
    expect(within(parameters).getByRole('rowheader', { name: 'prompt (required)' })).toBeInTheDocument();
    expect(within(parameters).getByRole('rowheader', { name: 'Idempotency-Key' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/v1/openapi.json' })).toHaveAttribute('href', '/v1/openapi.json');
  });

  it("has an anchor for every error code the contract's examples answer, where the problem's type points", () => {
    renderPage();
    for (const code of [...exampleCodes, ...API_ERRORS.map((e) => e.code)]) {
      const row = document.getElementById(problemAnchor(code));
      expect([code, row?.textContent]).toEqual([code, expect.stringContaining(code)]);
    }
    const link = screen.getAllByRole('link', { name: /402 VIDEO_INSUFFICIENT_CREDITS/ })[0]!;
    expect(link).toHaveAttribute('href', `#${problemAnchor('VIDEO_INSUFFICIENT_CREDITS')}`);
  });

  it('explains webhook signatures and the MCP server with a client configuration', () => {
    renderPage();
    const webhooks = within(screen.getByRole('region', { name: 'Webhooks' }));
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature'])
      expect(webhooks.getByText(header)).toBeInTheDocument();
    expect(webhooks.getByRole('region', { name: /Verify a delivery/ })).toHaveTextContent(
      "import { Webhook } from 'standardwebhooks'",
    );
    const mcp = within(screen.getByRole('region', { name: 'MCP for AI assistants' }));
    expect(mcp.getByRole('region', { name: /mcp\.json/ })).toHaveTextContent(`"url": "${SITE}/mcp"`);
    expect(mcp.getByRole('region', { name: /mcp\.json/ })).toHaveTextContent('"Authorization": "Bearer v3s_your_key"');
  });

  it('reads in Chinese, code and reference paths unchanged', () => {
    act(() => setLanguage('zh-CN', { remember: false }));
    renderPage();
    expect(document.title).toBe('开发者 API 与 MCP | Veo 3 Studio');
    expect(screen.getByRole('heading', { level: 2, name: '快速开始' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'API 参考' })).toBeInTheDocument();
    const create = within(document.getElementById(operationAnchor('createVideo'))!);
    expect(create.getByRole('heading', { level: 3, name: '创建视频' })).toBeInTheDocument();
    expect(create.getByRole('region', { name: '请求示例：创建视频' })).toHaveTextContent(
      `curl -X POST "${SITE}/v1/videos"`,
    );
    expect(screen.getByRole('region', { name: '创建视频（curl）' })).toHaveTextContent('Idempotency-Key');
    expect(document.getElementById(problemAnchor('API_KEYS_INVALID'))).toHaveTextContent('API 密钥缺失');
  });

  it('translates every operation of the contract', () => {
    expect(ROUTES.map((r) => r.operationId).filter((id) => !OPERATIONS_ZH[id])).toEqual([]);
  });
});
