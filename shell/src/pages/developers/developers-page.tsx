import type { ReactNode } from 'react';
import { API_KEY_SCOPES } from '@veo3/contracts/api-keys';
import { PROBLEM_CONTENT_TYPE, problemAnchor, V1_AUTH_EXAMPLE } from '@veo3/contracts/public-api';
import { Link } from '@veo3/platform/routing/router';
import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { interpolate } from '../shared/interpolate';
import { ApiReference } from './api-reference';
import { CodeBlock } from './code-block';
import {
  curlCreate,
  curlDownload,
  curlPoll,
  mcpCli,
  mcpConfig,
  problemSample,
  typescriptQuickStart,
  webhookSample,
} from './code-samples';
import { API_ERRORS, errorMessageKey } from './developers-errors';
import { developersMessages } from './developers.messages';
import { ScrollRegion } from './scroll-region';
import '../shared/marketing.css';
import '../shared/document-page.css';
import './developers.css';

export const DEVELOPERS_PATH = '/developers';

type MessageKey = keyof (typeof developersMessages)['en'];

const SECTIONS = [
  { id: 'overview', title: 'overviewTitle' },
  { id: 'quick-start', title: 'quickStartTitle' },
  { id: 'authentication', title: 'authTitle' },
  { id: 'errors', title: 'errorsTitle' },
  { id: 'rate-limits', title: 'limitsTitle' },
  { id: 'webhooks', title: 'webhooksTitle' },
  { id: 'mcp', title: 'mcpTitle' },
  { id: 'reference', title: 'referenceTitle' },
] as const satisfies readonly { id: string; title: MessageKey }[];

const SCOPE_TEXT = {
  'videos:write': 'scopeVideosWrite',
  'videos:read': 'scopeVideosRead',
  'credits:read': 'scopeCreditsRead',
} as const satisfies Record<(typeof API_KEY_SCOPES)[number], MessageKey>;

const WEBHOOK_HEADERS = [
  ['webhook-id', 'headerWebhookId'],
  ['webhook-timestamp', 'headerWebhookTimestamp'],
  ['webhook-signature', 'headerWebhookSignature'],
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="shell-dev__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The developer documentation: the API, its keys, errors, limits, webhooks and MCP server, and the
 * reference of every operation rendered from the contract (`V1_ROUTES`). A shell page, so it is
 * pre-rendered: crawlers and readers without JavaScript get all of it.
 */
export function DevelopersPage() {
  const t = useT(developersMessages);
  usePageMeta(t('title'), DEVELOPERS_PATH, t('description'));
  const origin = getRuntimeConfig().siteUrl.replace(/\/+$/, '');
  const code = (text: string) => <code>{text}</code>;
  const account = <Link to="/account">{t('account')}</Link>;
  const rich = (key: MessageKey, parts: Record<string, ReactNode>) => interpolate(t(key), parts);

  return (
    <div className="shell-doc shell-dev">
      <header className="shell-doc__header">
        <p className="shell-eyebrow">{t('eyebrow')}</p>
        <h1 className="shell-doc__title">{t('heading')}</h1>
        <p className="shell-dev__lead">{t('lead')}</p>
      </header>

      <div className="shell-doc__layout">
        <nav className="shell-doc__toc" aria-labelledby="dev-toc-title">
          <h2 id="dev-toc-title" className="shell-doc__toc-title">
            {t('contents')}
          </h2>
          <ol>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{t(section.title)}</a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="shell-dev__body">
          <Section id="overview" title={t('overviewTitle')}>
            <p>{rich('overview1', { base: code(`${origin}/v1`) })}</p>
            <p>{t('overview2')}</p>
            <p>{rich('overview3', { mcp: <a href="#mcp">{code(`${origin}/mcp`)}</a> })}</p>
          </Section>

          <Section id="quick-start" title={t('quickStartTitle')}>
            <ol className="shell-dev__steps">
              <li>{rich('quickStep1', { account })}</li>
              <li>
                {t('quickStep2')}
                <CodeBlock label={t('codeCreate')} code={curlCreate(origin)} />
              </li>
              <li>
                {t('quickStep3')}
                <CodeBlock label={t('codePoll')} code={curlPoll(origin)} />
              </li>
              <li>
                {t('quickStep4')}
                <CodeBlock label={t('codeDownload')} code={curlDownload()} />
              </li>
            </ol>
            <p>{t('quickTs')}</p>
            <CodeBlock label={t('codeTs')} code={typescriptQuickStart(origin)} />
          </Section>

          <Section id="authentication" title={t('authTitle')}>
            <p>{rich('auth1', { header: code(V1_AUTH_EXAMPLE) })}</p>
            <p>{t('auth2')}</p>
            <p>{rich('scopesIntro', { code: code('API_KEYS_MISSING_SCOPE') })}</p>
            <div className="shell-dev__table-wrap">
              <table className="shell-dev__table">
                <thead>
                  <tr>
                    <th scope="col">{t('scopeHead')}</th>
                    <th scope="col">{t('allowsHead')}</th>
                  </tr>
                </thead>
                <tbody>
                  {API_KEY_SCOPES.map((scope) => (
                    <tr key={scope}>
                      <th scope="row">{code(scope)}</th>
                      <td>{t(SCOPE_TEXT[scope])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>{t('scopesOther')}</p>
          </Section>

          <Section id="errors" title={t('errorsTitle')}>
            <p>{rich('errors1', { type: code(PROBLEM_CONTENT_TYPE) })}</p>
            <CodeBlock label={t('codeProblem')} code={problemSample()} />
            <p>{t('errors2')}</p>
            <ScrollRegion className="shell-dev__table-wrap" label={t('errorTable')}>
              <table className="shell-dev__table">
                <thead>
                  <tr>
                    <th scope="col">{t('errorCodeHead')}</th>
                    <th scope="col">{t('errorStatusHead')}</th>
                    <th scope="col">{t('errorMeaningHead')}</th>
                  </tr>
                </thead>
                <tbody>
                  {API_ERRORS.map(({ code: errorCode, status }) => (
                    <tr key={errorCode} id={problemAnchor(errorCode)} className="shell-dev__anchored">
                      <th scope="row">{code(errorCode)}</th>
                      <td>{status}</td>
                      <td>{t(errorMessageKey(errorCode))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </Section>

          <Section id="rate-limits" title={t('limitsTitle')}>
            <p>{t('limits1')}</p>
            <p>{t('limits2')}</p>
            <p>{t('limits3')}</p>
          </Section>

          <Section id="webhooks" title={t('webhooksTitle')}>
            <p>{rich('webhooks1', { account })}</p>
            <p>{t('webhooks2')}</p>
            <dl className="shell-dev__headers">
              {WEBHOOK_HEADERS.map(([header, text]) => (
                <div key={header}>
                  <dt>{code(header)}</dt>
                  <dd>{t(text)}</dd>
                </div>
              ))}
            </dl>
            <p>{t('webhooks3')}</p>
            <CodeBlock label={t('codeWebhook')} code={webhookSample()} />
          </Section>

          <Section id="mcp" title={t('mcpTitle')}>
            <p>{rich('mcp1', { url: code(`${origin}/mcp`) })}</p>
            <p>{t('mcp2')}</p>
            <CodeBlock label={t('codeMcpConfig')} code={mcpConfig(origin)} />
            <CodeBlock label={t('codeMcpCli')} code={mcpCli(origin)} />
          </Section>

          <Section id="reference" title={t('referenceTitle')}>
            <p>{rich('reference1', { openapi: <a href="/v1/openapi.json">{code('/v1/openapi.json')}</a> })}</p>
            <ApiReference origin={origin} />
          </Section>
        </article>
      </div>
    </div>
  );
}
