import { z } from 'zod';
import { V1_ROUTES, problemAnchor, type V1Route } from '@veo3/contracts/public-api';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { CodeBlock } from './code-block';
import { SAMPLE_KEY } from './code-samples';
import { developersMessages } from './developers.messages';
import { OPERATIONS_ZH } from './operations.zh';
import { PlainMarkdown } from './plain-markdown';
import { ScrollRegion } from './scroll-region';

type JsonSchema = { type?: string; format?: string; enum?: unknown[]; description?: string; items?: JsonSchema };
type Where = 'inPath' | 'inQuery' | 'inBody' | 'inHeader';
interface Parameter {
  name: string;
  where: Where;
  type: string;
  required: boolean;
  description: string;
}

/** `createVideo` → `reference-create-video`: each operation's anchor. */
export const operationAnchor = (operationId: string): string =>
  `reference-${operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.type === 'array' && schema.items) return `${typeOf(schema.items)}[]`;
  return [schema.type ?? 'any', schema.format].filter(Boolean).join(', ');
}

/** The fields of an object schema, as the caller sends them. */
function fields(schema: z.ZodType | undefined, where: Where): Parameter[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, field]) => ({
    name,
    where,
    type: typeOf(field),
    required: json.required?.includes(name) ?? false,
    description: field.description ?? '',
  }));
}

function parametersOf(route: V1Route): Parameter[] {
  const headers = (route.headers ?? []).map((header) => ({
    name: header.name,
    where: 'inHeader' as const,
    type: header.schema.type,
    required: false,
    description: header.description,
  }));
  return [
    ...fields(route.params, 'inPath'),
    ...fields(route.query, 'inQuery'),
    ...fields(route.body, 'inBody'),
    ...headers,
  ];
}

/** The example as a curl command, with the route's example parameters, query and body. */
function exampleRequest(route: V1Route, origin: string): string {
  const example = route.example ?? {};
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) => example.params?.[name] ?? `{${name}}`);
  const query = new URLSearchParams(
    Object.entries(example.query ?? {}).map(([name, value]) => [name, String(value)]),
  ).toString();
  const lines = [
    `curl${route.method === 'GET' ? '' : ` -X ${route.method}`} "${origin}${path}${query ? `?${query}` : ''}"`,
  ];
  if (route.scopes !== null) lines.push(`  -H "Authorization: Bearer ${SAMPLE_KEY}"`);
  if (route.headers?.some((header) => header.name === 'Idempotency-Key'))
    lines.push('  -H "Idempotency-Key: 5f0c6a53-7d2a-4b8e-9f3e-2b1d8c4a9e71"');
  if (example.body !== undefined) {
    lines.push('  -H "Content-Type: application/json"');
    lines.push(`  -d '${JSON.stringify(example.body)}'`);
  }
  return lines.join(' \\\n');
}

function exampleReply(route: V1Route): string {
  const [status, reply] = Object.entries(route.replies).sort(([a], [b]) => Number(a) - Number(b))[0]!;
  return `HTTP ${status}\n\n${JSON.stringify(reply.example ?? null, null, 2)}`;
}

function errorCodes(route: V1Route): { status: string; code: string }[] {
  return Object.entries(route.replies)
    .filter(([status]) => Number(status) >= 400)
    .map(([status, reply]) => ({ status, code: (reply.example as { code?: string } | undefined)?.code ?? '' }))
    .filter((error) => error.code);
}

function Operation({ route, origin }: { route: V1Route; origin: string }) {
  const t = useT(developersMessages);
  const lang = useLanguage();
  const zh = lang === 'zh-CN' ? OPERATIONS_ZH[route.operationId] : undefined;
  const anchor = operationAnchor(route.operationId);
  const summary = zh?.summary ?? route.summary;
  const parameters = parametersOf(route);
  const errors = errorCodes(route);
  const scopes = route.scopes === null ? t('noKey') : route.scopes.length ? route.scopes.join(', ') : t('anyKey');
  return (
    <section id={anchor} className="shell-dev__operation" aria-labelledby={`${anchor}-title`}>
      <h3 id={`${anchor}-title`}>{summary}</h3>
      <p className="shell-dev__endpoint">
        <span className="shell-dev__method">{route.method}</span> <code>{route.path}</code>
      </p>
      <PlainMarkdown text={zh?.description ?? route.description} />
      <dl className="shell-dev__facts">
        <dt>{t('scopesLabel')}</dt>
        <dd>{scopes}</dd>
        {errors.length > 0 && (
          <>
            <dt>{t('errorsOf')}</dt>
            <dd>
              {errors.map(({ status, code }, index) => (
                <span key={status}>
                  {index > 0 && ', '}
                  <a href={`#${problemAnchor(code)}`}>
                    {status} <code>{code}</code>
                  </a>
                </span>
              ))}
            </dd>
          </>
        )}
      </dl>
      {parameters.length > 0 && (
        <ScrollRegion className="shell-dev__table-wrap" label={`${t('parameters')}: ${summary}`}>
          <table className="shell-dev__table">
            <caption>{t('parameters')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('paramName')}</th>
                <th scope="col">{t('paramIn')}</th>
                <th scope="col">{t('paramType')}</th>
                <th scope="col">{t('paramDescription')}</th>
              </tr>
            </thead>
            <tbody>
              {parameters.map((p) => (
                <tr key={`${p.where}-${p.name}`}>
                  <th scope="row">
                    <code>{p.name}</code>
                    {p.required && <span className="shell-dev__required"> {t('required')}</span>}
                  </th>
                  <td>{t(p.where)}</td>
                  <td>
                    <code>{p.type}</code>
                  </td>
                  <td>{p.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {route.form && <p>{t('multipart', { file: route.form.files.join(', ') })}</p>}
      <CodeBlock label={t('exampleRequest', { operation: summary })} code={exampleRequest(route, origin)} />
      <CodeBlock label={t('exampleReply', { operation: summary })} code={exampleReply(route)} />
    </section>
  );
}

/** Every `/v1` operation, from the contract's registry. */
export function ApiReference({ origin }: { origin: string }) {
  return (
    <>
      {(V1_ROUTES as readonly V1Route[]).map((route) => (
        <Operation key={`${route.method} ${route.path}`} route={route} origin={origin} />
      ))}
    </>
  );
}
