import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { API_ROUTES } from '@veo3/contracts/routes';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { parse, stringify } from 'yaml';
import { readRepoFile, repoRoot } from './deploy-files';
import {
  type K8sObject,
  OVERLAYS,
  type OverlayName,
  podLabels,
  podSpec,
  render,
  renderWithComponents,
  kubectl,
} from './kustomize';
import { validateCrd } from './monitoring-crds';

// The optional components k8s/components/monitoring (PodMonitor, alerts, Grafana dashboard) and
// k8s/components/keda (the worker scaled on the queue), rendered on each overlay as an operator adds
// them, and the alerts run through promtool.

const MONITORING = join(repoRoot, 'k8s', 'components', 'monitoring');

/** The metric names the services define (services/src/metrics), besides prom-client's defaults. */
const DESIGN_METRICS = {
  counters: [
    'veo3_http_requests_total',
    'veo3_video_tasks_finished_total',
    'veo3_video_provider_errors_total',
    'veo3_video_refunds_total',
    'veo3_credits_granted_total',
    'veo3_credits_spent_total',
    'veo3_checkout_sessions_total',
    'veo3_stripe_webhook_events_total',
    'veo3_blog_cache_requests_total',
    'veo3_rate_limit_refusals_total',
  ],
  gauges: [
    'veo3_http_requests_in_flight',
    'veo3_video_tasks',
    'veo3_video_queue_depth',
    'veo3_video_queue_oldest_waiting_seconds',
    'veo3_video_model_available',
    'veo3_worker_heartbeat_timestamp_seconds',
    'veo3_ready',
    'veo3_bullmq_jobs',
  ],
  histograms: [
    'veo3_http_request_duration_seconds',
    'veo3_video_provider_request_duration_seconds',
    'veo3_stripe_fulfillment_delay_seconds',
  ],
};
const DESIGN_SERIES = new Set([
  ...DESIGN_METRICS.counters,
  ...DESIGN_METRICS.gauges,
  ...DESIGN_METRICS.histograms.flatMap((h) => ['_bucket', '_count', '_sum'].map((suffix) => h + suffix)),
]);

/** The `veo3_…` metric names a PromQL expression reads. */
const metricsIn = (expr: string): string[] => [...new Set(expr.match(/\bveo3_[a-z0-9_]+/g) ?? [])];

/** promtool from PATH (Debian's `prometheus` package ships it; .ci/run installs it). */
function promtool(path = process.env.PATH ?? ''): string {
  const found = path
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, 'promtool'))
    .find((file) => existsSync(file));
  if (!found) {
    throw new Error(
      'promtool is not installed, so the alerting rules of k8s/components/monitoring cannot be checked: apt-get install -y prometheus (.ci/run installs it)',
    );
  }
  return found;
}

// The suite needs it: without it, it stops here with one message naming the tool and how to install it.
kubectl();
promtool();

/** Runs promtool; its whole output becomes the failure message when it exits non-zero. */
function runPromtool(args: string[], cwd: string): string {
  try {
    return execFileSync(promtool(), args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`promtool ${args.join(' ')} failed:\n${stdout}${stderr}`, { cause: error });
  }
}

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface RuleGroup {
  name: string;
  rules: Rule[];
}
interface AlertTest {
  name: string;
  alert_rule_test: { eval_time: string; alertname: string; exp_alerts: unknown[] }[];
}

/** The PrometheusRule's groups, the rules' one source (prometheus-rule.yaml). */
const ruleGroups = (): RuleGroup[] =>
  (parse(readRepoFile('k8s/components/monitoring/prometheus-rule.yaml')) as { spec: { groups: RuleGroup[] } }).spec
    .groups;

/** A folder holding veo3-rules.yaml (the groups in Prometheus' own format) and a copy of tests/. */
function promtoolFolder(groups: RuleGroup[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'veo3-promtool-'));
  writeFileSync(join(dir, 'veo3-rules.yaml'), stringify({ groups }));
  for (const file of readdirSync(join(MONITORING, 'tests')))
    copyFileSync(join(MONITORING, 'tests', file), join(dir, file));
  return dir;
}

describe('k8s/components/monitoring: alerts', () => {
  let dir: string;
  beforeAll(() => {
    dir = promtoolFolder(ruleGroups());
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const alerts = () => ruleGroups().flatMap((g) => g.rules);
  const testFiles = () => readdirSync(join(MONITORING, 'tests')).filter((f) => f.endsWith('.yaml'));

  it('says how to get promtool when it is missing', () => {
    expect(() => promtool('/nonexistent')).toThrow(/promtool is not installed.*apt-get install -y prometheus/);
  });

  it('passes promtool check rules', () => {
    expect(runPromtool(['check', 'rules', 'veo3-rules.yaml'], dir)).toMatch(/SUCCESS: \d+ rules found/);
    // And promtool does refuse a broken expression.
    const broken = ruleGroups();
    broken[0]!.rules[0]!.expr = 'sum by (namespace) (rate(veo3_http_requests_total[5m]'; // unclosed
    const brokenDir = promtoolFolder(broken);
    try {
      expect(() => runPromtool(['check', 'rules', 'veo3-rules.yaml'], brokenDir)).toThrow(/could not parse expression/);
    } finally {
      rmSync(brokenDir, { recursive: true, force: true });
    }
  });

  it('passes its promtool unit tests, where every alert fires in one case and stays quiet in another', () => {
    expect(testFiles().length).toBeGreaterThan(0);
    expect(runPromtool(['test', 'rules', ...testFiles()], dir)).toMatch(/SUCCESS/);
    const cases = testFiles().flatMap((f) =>
      (parse(readRepoFile(`k8s/components/monitoring/tests/${f}`)) as { tests: AlertTest[] }).tests.flatMap(
        (t) => t.alert_rule_test,
      ),
    );
    for (const { alert } of alerts()) {
      const mine = cases.filter((c) => c.alertname === alert);
      expect([alert, mine.some((c) => c.exp_alerts.length > 0), mine.some((c) => c.exp_alerts.length === 0)]).toEqual([
        alert,
        true,
        true,
      ]);
    }
    // The tests do hold the rules to something: with the 5xx threshold moved, the 5xx case fails.
    const loose = ruleGroups();
    const errors = loose.flatMap((g) => g.rules).find((r) => r.alert === 'Veo3HighErrorRate')!;
    errors.expr = errors.expr.replace('> 0.05', '> 0.5');
    const looseDir = promtoolFolder(loose);
    try {
      expect(() => runPromtool(['test', 'rules', ...testFiles()], looseDir)).toThrow(/Veo3HighErrorRate/);
    } finally {
      rmSync(looseDir, { recursive: true, force: true });
    }
  });

  it('pages on what users feel, each alert with a severity, a summary, a description and a runbook hint', () => {
    expect(alerts().map((r) => r.alert)).toEqual([
      'Veo3HighErrorRate',
      'Veo3HotRouteSlow',
      'Veo3QueueBacklog',
      'Veo3ProviderFailing',
      'Veo3StripeWebhookFailing',
      'Veo3StripeWebhooksMissing',
      'Veo3WorkerHeartbeatStale',
      'Veo3WorkerMissing',
      'Veo3PodNotReady',
      'Veo3RoleNotReady',
    ]);
    for (const rule of alerts()) {
      expect([rule.alert, rule.labels?.severity]).toEqual([rule.alert, expect.stringMatching(/^(critical|warning)$/)]);
      expect([rule.alert, Object.keys(rule.annotations ?? {}).sort()]).toEqual([
        rule.alert,
        ['description', 'runbook', 'summary'],
      ]);
      // Only the design's metric names.
      expect([rule.alert, metricsIn(rule.expr).filter((m) => !DESIGN_SERIES.has(m))]).toEqual([rule.alert, []]);
    }
  });

  it("watches the hot routes by the API's own route patterns: status, balance, options, history and the blog list", () => {
    const slow = alerts().find((r) => r.alert === 'Veo3HotRouteSlow')!;
    const routes = /route=~"([^"]+)"/.exec(slow.expr)![1]!.split('|');
    expect(routes.sort()).toEqual(
      [
        '/api/video/status/:taskId',
        '/api/credits/balance',
        '/api/video/options',
        '/api/video/history',
        '/api/blog/posts',
      ].sort(),
    );
    const gets = API_ROUTES.filter((r) => r.method === 'GET').map((r) => r.path as string);
    for (const route of routes) expect([route, gets.includes(route)]).toEqual([route, true]);
  });
});

describe('k8s/components/monitoring: dashboard', () => {
  interface Panel {
    type: string;
    title: string;
    gridPos: { y: number };
    datasource?: { uid: string };
    targets?: { expr: string }[];
  }
  const dashboard = JSON.parse(readRepoFile('k8s/components/monitoring/dashboard.json')) as {
    uid: string;
    panels: Panel[];
  };
  const panels = () => dashboard.panels.filter((p) => p.type !== 'row');
  const queries = () => panels().flatMap((p) => (p.targets ?? []).map((t) => t.expr));

  it('has one row per area, each with its panels', () => {
    const rows = dashboard.panels.filter((p) => p.type === 'row');
    expect(rows.map((r) => r.title)).toEqual(['HTTP', 'Video', 'Money', 'Blog', 'Rate limits', 'Health', 'Runtime']);
    // Grafana groups a panel under the row above it.
    const byRow = rows.map((row, i) =>
      panels().filter(
        (p) => p.gridPos.y > row.gridPos.y && (i + 1 === rows.length || p.gridPos.y < rows[i + 1]!.gridPos.y),
      ),
    );
    for (const [i, row] of rows.entries()) expect([row.title, byRow[i]!.length > 0]).toEqual([row.title, true]);
    expect(byRow.flat().length).toBe(panels().length);
    for (const p of panels()) expect([p.title, p.datasource?.uid]).toEqual([p.title, '${datasource}']);
  });

  it("queries only the design's metric names and prom-client's defaults, and shows every design metric", async () => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'veo3_' });
    const defaults = new Set(
      (await registry.getMetricsAsJSON()).flatMap((m) =>
        String(m.type) === 'histogram' ? ['_bucket', '_count', '_sum'].map((s) => m.name + s) : [m.name],
      ),
    );
    registry.clear();
    const used = new Set(queries().flatMap(metricsIn));
    const unknown = [...used].filter((m) => !DESIGN_SERIES.has(m) && !defaults.has(m));
    expect(unknown).toEqual([]);
    for (const m of [...used].filter((name) => defaults.has(name))) expect(m).toMatch(/^veo3_(process|nodejs)_/);
    const shown = new Set([...used].map((m) => m.replace(/_(bucket|count|sum)$/, '')));
    const all = [...DESIGN_METRICS.counters, ...DESIGN_METRICS.gauges, ...DESIGN_METRICS.histograms];
    expect(all.filter((m) => !shown.has(m))).toEqual([]);
  });

  it('holds PromQL that Prometheus parses', () => {
    // Grafana's variables as Prometheus would see them once substituted.
    const rules = queries().map((expr, i) => ({
      record: `veo3:dashboard_query_${i}`,
      expr: expr.replaceAll('$namespace', 'veo3').replaceAll('$__rate_interval', '2m'),
    }));
    const dir = mkdtempSync(join(tmpdir(), 'veo3-promtool-'));
    try {
      writeFileSync(join(dir, 'dashboard.yaml'), stringify({ groups: [{ name: 'dashboard', rules }] }));
      expect(runPromtool(['check', 'rules', 'dashboard.yaml'], dir)).toMatch(/SUCCESS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(Object.keys(OVERLAYS) as OverlayName[])('k8s/components monitoring and keda on %s', (overlay) => {
  const { namespace } = OVERLAYS[overlay];
  let objects: K8sObject[];
  beforeAll(() => {
    objects = renderWithComponents(overlay, ['monitoring', 'keda']);
  });
  const one = <T = K8sObject>(kind: string, name: string): T => {
    const found = objects.filter((o) => o.kind === kind && o.metadata.name === name);
    if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
    return found[0] as T;
  };
  const key = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;

  it("adds a PodMonitor, the alerts, the dashboard and the worker's ScaledObject, valid, in the overlay's namespace", () => {
    const plain = render(overlay);
    const before = new Set(plain.map(key));
    expect(
      objects
        .filter((o) => !before.has(key(o)))
        .map(key)
        .sort(),
    ).toEqual([
      'ConfigMap/veo3-grafana-dashboard',
      'PodMonitor/veo3',
      'PrometheusRule/veo3',
      'ScaledObject/veo3-worker',
    ]);
    for (const o of objects)
      expect([key(o), o.metadata.namespace]).toEqual([key(o), o.kind === 'Namespace' ? undefined : namespace]);
    validateCrd('PodMonitor', one('PodMonitor', 'veo3'));
    validateCrd('PrometheusRule', one('PrometheusRule', 'veo3'));
    validateCrd('ScaledObject', one('ScaledObject', 'veo3-worker'));
    // The schemas do refuse a misspelt field and a bad duration.
    const typo = structuredClone(one<{ spec: Record<string, unknown> }>('PodMonitor', 'veo3'));
    typo.spec.podMetricEndpoints = typo.spec.podMetricsEndpoints;
    expect(() => validateCrd('PodMonitor', typo)).toThrow(/PodMonitor is invalid/);
    const rule = structuredClone(one<{ spec: { groups: { rules: { for?: string }[] }[] } }>('PrometheusRule', 'veo3'));
    rule.spec.groups[0]!.rules[0]!.for = 'five minutes';
    expect(() => validateCrd('PrometheusRule', rule)).toThrow(/PrometheusRule is invalid/);
    // Everything else is as the overlay renders it, but the worker's replica count (KEDA's now).
    const others = (list: K8sObject[]) =>
      list.filter((o) => before.has(key(o)) && key(o) !== 'Deployment/veo3-worker').map((o) => JSON.stringify(o));
    expect(others(objects)).toEqual(others(plain));
  });

  it('scrapes api, worker and web, and only them, on their port named metrics', () => {
    const monitor = one<{
      spec: {
        selector: { matchLabels: Record<string, string>; matchExpressions: { key: string; values: string[] }[] };
        podMetricsEndpoints: { port: string; path: string }[];
      };
    }>('PodMonitor', 'veo3');
    const { matchLabels, matchExpressions } = monitor.spec.selector;
    const selected = objects
      .filter((o) => o.kind === 'Deployment')
      .filter((d) => {
        const labels = podLabels(d);
        return (
          Object.entries(matchLabels).every(([k, v]) => labels[k] === v) &&
          matchExpressions.every((e) => e.values.includes(labels[e.key] ?? ''))
        );
      });
    expect(selected.map((d) => d.metadata.name).sort()).toEqual(['veo3-api', 'veo3-web', 'veo3-worker']);
    expect(monitor.spec.podMetricsEndpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
    for (const d of selected) {
      const port = podSpec(d).containers[0]!.ports?.find((p) => p.name === 'metrics');
      const env = podSpec(d).containers[0]!.env?.find((e) => e.name === 'METRICS_PORT');
      expect([d.metadata.name, port?.containerPort, env?.value]).toEqual([d.metadata.name, 9464, '9464']);
    }
  });

  it("ships the dashboard as one ConfigMap Grafana's sidecar loads, holding dashboard.json as it is", () => {
    const map = one('ConfigMap', 'veo3-grafana-dashboard');
    expect(map.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    expect(Object.keys(map.data ?? {})).toEqual(['veo3.json']);
    expect(JSON.parse(map.data!['veo3.json']!)).toEqual(
      JSON.parse(readRepoFile('k8s/components/monitoring/dashboard.json')),
    );
  });

  it("scales the worker on its own namespace's queue depth, one pod per VIDEO_WORKER_CONCURRENCY waiting tasks", () => {
    const scaled = one<{
      spec: {
        scaleTargetRef: { kind?: string; name: string };
        minReplicaCount: number;
        maxReplicaCount: number;
        cooldownPeriod: number;
        triggers: { type: string; metadata: Record<string, string> }[];
      };
    }>('ScaledObject', 'veo3-worker');
    const worker = one('Deployment', scaled.spec.scaleTargetRef.name);
    expect([scaled.spec.scaleTargetRef.kind, worker.metadata.name]).toEqual(['Deployment', 'veo3-worker']);
    // KEDA's HorizontalPodAutoscaler owns the count: a replicas field would fight it on every apply.
    expect(worker.spec?.replicas).toBeUndefined();
    expect(scaled.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
    expect(scaled.spec.maxReplicaCount).toBeGreaterThan(scaled.spec.minReplicaCount);
    expect(scaled.spec.cooldownPeriod).toBeGreaterThan(0);
    const [trigger] = scaled.spec.triggers;
    expect(trigger?.type).toBe('prometheus');
    expect(trigger?.metadata.query).toBe(`max(veo3_video_queue_depth{namespace="${namespace}"})`);
    expect(trigger?.metadata.serverAddress).toMatch(/^https?:\/\/[\w.-]+:\d+$/);
    const concurrency = (w: K8sObject) =>
      (podSpec(w) as IPodSpec).containers[0]!.env?.find((e) => e.name === 'VIDEO_WORKER_CONCURRENCY')?.value;
    expect(trigger?.metadata.threshold).toBe(concurrency(worker));
    expect(concurrency(worker)).toBe('4');
    // An overlay that gives workers more at once asks for fewer of them.
    const changed = renderWithComponents(
      overlay,
      ['monitoring', 'keda'],
      [
        'patches:',
        '  - target: { kind: Deployment, name: veo3-worker }',
        '    patch: |-',
        '      - { op: replace, path: /spec/template/spec/containers/0/env/2, value: { name: VIDEO_WORKER_CONCURRENCY, value: "8" } }',
        '',
      ].join('\n'),
    );
    const rescaled = changed.find((o) => o.kind === 'ScaledObject')!;
    expect((rescaled.spec as typeof scaled.spec).triggers[0]!.metadata.threshold).toBe('8');
  });
});

describe.each(Object.keys(OVERLAYS) as OverlayName[])('k8s/components/tracing on %s', (overlay) => {
  // A generated ConfigMap's name ends in a hash of its data: compared without it.
  const key = (o: K8sObject) => `${o.kind}/${o.metadata.name.replace(/^(veo3-config)-\w+$/, '$1')}`;

  it('sends traces of api, worker and web to the collector, opening only its OTLP/HTTP port', () => {
    const plain = render(overlay);
    const objects = renderWithComponents(overlay, ['tracing']);
    const before = new Set(plain.map(key));
    expect(objects.filter((o) => !before.has(key(o))).map(key)).toEqual(['NetworkPolicy/veo3-tracing-egress']);
    const config = objects.find((o) => key(o) === 'ConfigMap/veo3-config')!;
    const plainConfig = plain.find((o) => key(o) === 'ConfigMap/veo3-config')!;
    expect(config.data).toEqual({
      ...plainConfig.data,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.monitoring.svc:4318',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
    });
    const traced = objects
      .filter((o) => o.kind === 'Deployment')
      .filter((d) => podSpec(d).containers[0]!.envFrom?.some((e) => e.configMapRef?.name === config.metadata.name));
    expect(traced.map((d) => d.metadata.name)).toEqual(expect.arrayContaining(['veo3-api', 'veo3-web', 'veo3-worker']));

    const policy = objects.find((o) => key(o) === 'NetworkPolicy/veo3-tracing-egress')!;
    const { podSelector, egress, policyTypes } = policy.spec as {
      podSelector: { matchExpressions: { key: string; values: string[] }[] };
      egress: unknown[];
      policyTypes: string[];
    };
    const selected = objects
      .filter((o) => o.kind === 'Deployment')
      .filter((d) => podSelector.matchExpressions.every((e) => e.values.includes(podLabels(d)[e.key] ?? '')));
    expect(selected.map((d) => d.metadata.name).sort()).toEqual(['veo3-api', 'veo3-web', 'veo3-worker']);
    expect(policyTypes).toEqual(['Egress']);
    expect(egress).toEqual([
      {
        to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
        ports: [{ protocol: 'TCP', port: 4318 }],
      },
    ]);
  });
});
