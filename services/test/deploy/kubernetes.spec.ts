import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { loadConfig } from '../../src/config/app-config';
import { readRepoFile, REMOTE_FOLDERS } from './deploy-files';
import { HTTPRoute } from './gateway-api';
import { kubectl, type K8sObject, migrationJobNames, OVERLAYS, type OverlayName, render } from './kustomize';

// The suite needs it: without it, it stops here with one message naming the tool and how to install it.
kubectl();

/** The schema class of every kind the manifests may hold; any other kind fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'gateway.networking.k8s.io/v1/HTTPRoute': HTTPRoute,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
};

/** Kinds that belong to no namespace. */
const CLUSTER_SCOPED = new Set(['Namespace']);

const SERVICE_TIER = ['api', 'worker', 'web'];
const DEPLOYMENTS = [...SERVICE_TIER, ...REMOTE_FOLDERS.map((f) => `mfe-${f}`)].map((c) => `veo3-${c}`);

/** The secrets each workload reads (optional ones included): split by role, never one secret for all. */
const ROLE_SECRETS: Record<string, string[]> = {
  'veo3-api': ['veo3-auth', 'veo3-database', 'veo3-redis', 'veo3-storage', 'veo3-stripe', 'veo3-video-provider'],
  'veo3-worker': ['veo3-auth', 'veo3-database', 'veo3-redis', 'veo3-storage', 'veo3-video-provider'],
  // Pages read the database (blog); a production boot needs JWT_SECRET whatever the role.
  'veo3-web': ['veo3-auth', 'veo3-database'],
  'veo3-migrate': ['veo3-auth', 'veo3-database'],
  ...Object.fromEntries(REMOTE_FOLDERS.map((f) => [`veo3-mfe-${f}`, []])),
};

/** Every Secret a workload's pod reads, through envFrom, env or a volume. */
function secretsOf(workload: K8sObject): string[] {
  const pod = (workload.spec as { template: { spec: IPodSpec } }).template.spec;
  const names = new Set<string>();
  for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
    for (const from of c.envFrom ?? []) if (from.secretRef?.name) names.add(from.secretRef.name);
    for (const env of c.env ?? []) if (env.valueFrom?.secretKeyRef?.name) names.add(env.valueFrom.secretKeyRef.name);
  }
  for (const volume of pod.volumes ?? []) if (volume.secret?.secretName) names.add(volume.secret.secretName);
  return [...names].sort();
}

/** The `kubectl create secret generic <name> --from-literal=KEY=…` commands of docs/OPERATIONS.md: the keys of each secret. */
function documentedSecrets(): Record<string, string[]> {
  const guide = readRepoFile('docs/OPERATIONS.md');
  const section = guide.slice(guide.indexOf('### Kubernetes'));
  const commands = section.replace(/\\\n/g, ' ').split('\n');
  const secrets: Record<string, string[]> = {};
  for (const command of commands) {
    const name = /create secret generic (\S+)/.exec(command)?.[1];
    if (name) secrets[name] = [...command.matchAll(/--from-literal=([A-Z0-9_]+)=/g)].map((m) => m[1]!);
  }
  return secrets;
}

/** A plausible value for each documented key, so that the configuration the secrets complete can boot. */
const SAMPLE_SECRETS: Record<string, string> = {
  DATABASE_URL: 'mysql://veo3:db-5e3f1a9c7b@mysql:3306/veo3',
  REDIS_URL: 'redis://:rd-8c1e4b7d2a@redis:6379',
  JWT_SECRET: 'kubernetes-spec-secret-0123456789abcdef-0123456789abcdef',
  GOOGLE_CLIENT_ID: '123456789012-abcdefghijklmnop.apps.googleusercontent.com',
  S3_ACCESS_KEY_ID: 'AKIAKUBERNETESSPEC01',
  S3_SECRET_ACCESS_KEY: 's3-secret-9f8e7d6c5b4a39281706f5e4d3c2b1a0',
  STRIPE_SECRET_KEY: 'sk_live_kubernetesSpec0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_kubernetesSpec0123456789',
  GEMINI_API_KEY: 'gemini-key-kubernetes-spec-0123456789',
  KIE_API_KEY: 'kie-key-kubernetes-spec-0123456789',
  FAL_KEY: 'fal-key-id:fal-key-kubernetes-spec-0123456789',
};

describe.each(Object.keys(OVERLAYS) as OverlayName[])('k8s/overlays/%s', (overlay) => {
  const { namespace, host } = OVERLAYS[overlay];
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render(overlay);
  });

  const all = (kind: string) => objects.filter((o) => o.kind === kind);
  const one = <T = K8sObject>(kind: string, name: string): T => {
    const found = objects.filter((o) => o.kind === kind && o.metadata.name === name);
    if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
    return found[0] as T;
  };
  /** A ConfigMap by its base name (kustomize appends a hash of its content). */
  const configMaps = () => all('ConfigMap');
  const configMap = (base: string) => {
    const found = all('ConfigMap').filter((o) => new RegExp(`^${base}-[a-z0-9]{10}$`).test(o.metadata.name));
    if (found.length !== 1) throw new Error(`expected one ConfigMap ${base}-<hash>, found ${found.length}`);
    return found[0]!;
  };
  const podSpec = (o: K8sObject): IPodSpec =>
    (o.spec as { template: { spec: IPodSpec } } | undefined)?.template.spec ??
    (() => {
      throw new Error(`${o.kind} ${o.metadata.name} has no pod template`);
    })();
  const workloads = () => [...all('Deployment'), ...all('Job')];

  it('renders only known kinds, each valid against the Kubernetes schema, all in the namespace', () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const o of objects) {
      const Model = MODELS[`${o.apiVersion}/${o.kind}`];
      expect([o.kind, o.metadata.name, Boolean(Model)]).toEqual([o.kind, o.metadata.name, true]);
      expect(() => new Model!(o as never).validate()).not.toThrow();
      if (CLUSTER_SCOPED.has(o.kind)) expect([o.kind, o.metadata.namespace]).toEqual([o.kind, undefined]);
      else expect([o.kind, o.metadata.name, o.metadata.namespace]).toEqual([o.kind, o.metadata.name, namespace]);
    }
    // The overlay's namespace is the one the manifests create.
    expect(all('Namespace').map((n) => n.metadata.name)).toEqual([namespace]);
    // The validator does catch a malformed object (a CPU limit that is not a quantity).
    const broken = structuredClone(one('Deployment', 'veo3-api'));
    podSpec(broken).containers[0]!.resources!.limits!.cpu = 'two cores';
    expect(() => new Deployment(broken as never).validate()).toThrow(/quantity/);
    // So does the HTTPRoute's (a path that is not absolute, a Service backend without its port, a stray field).
    const route = one<{ spec: { rules: { matches: { path: { value: string } }[]; backendRefs: object[] }[] } }>(
      'HTTPRoute',
      'veo3',
    );
    for (const breakIt of [
      (r: typeof route) => (r.spec.rules[0]!.matches[0]!.path.value = 'api'),
      (r: typeof route) => (r.spec.rules[0]!.backendRefs = [{ name: 'veo3-api' }]),
      (r: typeof route) => Object.assign(r.spec, { hostname: 'veo3.studio' }),
    ]) {
      const copy = structuredClone(route);
      breakIt(copy);
      expect(() => new HTTPRoute(copy).validate()).toThrow(/HTTPRoute is invalid/);
    }
  });

  it("names the migration Job after the service image's tag: a release makes a new Job, never edits the last", () => {
    const serviceTag = podSpec(one('Deployment', 'veo3-api')).containers[0]?.image?.split(':').pop();
    expect(migrationJobNames(overlay)).toEqual([`veo3-migrate-${serviceTag}`]);
    const jobImage = podSpec(one('Job', 'veo3-migrate')).containers[0]?.image;
    expect(jobImage).toBe(podSpec(one('Deployment', 'veo3-api')).containers[0]?.image);
    // A DNS subdomain that fits the job-name label of its pods (a tag with capitals or `_` would not).
    for (const name of migrationJobNames(overlay)) {
      expect(name).toMatch(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/);
      expect(name.length).toBeLessThanOrEqual(63);
    }
    // Kept after it finishes: Argo CD and Flux would re-create a Job a TTL deleted.
    expect(one('Job', 'veo3-migrate').spec?.ttlSecondsAfterFinished).toBeUndefined();
  });

  it('has a Deployment for the api, worker, shell and each remote, and the migration Job', () => {
    expect(
      all('Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...DEPLOYMENTS].sort());
    const job = one('Job', 'veo3-migrate');
    const [container] = podSpec(job).containers;
    expect(container?.command).toEqual(['node', 'services/dist/migrate.js']);
    expect(podSpec(job).restartPolicy).toBe('Never');
    // A release applies these alone first (README: -l 'app.kubernetes.io/component in (config,migrate)').
    const first = objects.filter((o) =>
      ['config', 'migrate'].includes(o.metadata.labels?.['app.kubernetes.io/component'] ?? ''),
    );
    // (With the Job go the ServiceAccount it runs as and the NetworkPolicy that lets it reach MySQL.)
    expect(first.map((o) => `${o.kind}/${o.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`).sort()).toEqual([
      'ConfigMap/veo3-config',
      'ConfigMap/veo3-remotes',
      'Job/veo3-migrate',
      'NetworkPolicy/veo3-migrate-egress',
      'ServiceAccount/veo3-migrate',
    ]);
    for (const name of SERVICE_TIER) {
      const [c] = podSpec(one('Deployment', `veo3-${name}`)).containers;
      expect(c?.env).toEqual([
        { name: 'ROLE', value: name },
        { name: 'METRICS_PORT', value: '9464' },
        { name: 'HOST', value: '0.0.0.0' },
        { name: 'METRICS_HOST', value: '0.0.0.0' },
        ...(name === 'worker' ? [{ name: 'VIDEO_WORKER_CONCURRENCY', value: '4' }] : []),
      ]);
      expect(c?.command).toEqual(['node', 'services/dist/main.js']);
    }
  });

  it('probes liveness apart from readiness: a dependency outage takes pods out of rotation, never restarts them', () => {
    for (const d of all('Deployment')) {
      const serviceTier = SERVICE_TIER.some((name) => d.metadata.name === `veo3-${name}`);
      for (const c of podSpec(d).containers) {
        const ports = (c.ports ?? []).map((p) => p.name);
        const paths = [c.startupProbe, c.readinessProbe, c.livenessProbe].map((probe) => probe?.httpGet?.path);
        // The remotes are nginx serving files: one path, which depends on nothing.
        const expected = serviceTier
          ? ['/api/health/ready', '/api/health/ready', '/api/health/live']
          : [undefined, '/api/health', '/api/health'];
        expect([d.metadata.name, paths]).toEqual([d.metadata.name, expected]);
        for (const probe of [c.readinessProbe, c.livenessProbe]) expect(ports).toContain(probe?.httpGet?.port);
      }
    }
  });

  it('drains on termination: a preStop wait, and a grace period that covers it, the drain and in-flight work', () => {
    for (const d of all('Deployment')) {
      const spec = podSpec(d);
      for (const c of spec.containers) {
        const wait = c.lifecycle?.preStop?.sleep?.seconds ?? 0;
        expect([d.metadata.name, wait]).toEqual([d.metadata.name, 5]);
        const serviceTier = SERVICE_TIER.some((name) => d.metadata.name === `veo3-${name}`);
        // preStop + SHUTDOWN_DRAIN_S (10 s by default) + the 15 s bound on in-flight requests.
        if (serviceTier) expect(spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(wait + 10 + 15);
      }
    }
  });

  it('sets CPU and memory requests and limits on every container', () => {
    for (const w of workloads()) {
      for (const c of podSpec(w).containers) {
        const { requests, limits } = c.resources ?? {};
        expect([w.metadata.name, Object.keys(requests ?? {}).sort(), Object.keys(limits ?? {}).sort()]).toEqual([
          w.metadata.name,
          ['cpu', 'memory'],
          ['cpu', 'memory'],
        ]);
      }
    }
  });

  it('runs everything as non-root on a read-only root filesystem, with writable emptyDirs only where needed', () => {
    for (const w of workloads()) {
      const pod = podSpec(w);
      expect([w.metadata.name, pod.securityContext?.runAsNonRoot]).toEqual([w.metadata.name, true]);
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const c of pod.containers as IContainer[]) {
        expect([w.metadata.name, c.securityContext]).toEqual([
          w.metadata.name,
          expect.objectContaining({
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          }),
        ]);
        const mounts = Object.fromEntries((c.volumeMounts ?? []).map((m) => [m.mountPath, m.name]));
        expect(mounts['/tmp']).toBeDefined();
        // The service image writes DATA_DIR=/data.
        if (c.image?.includes('/service:')) expect(mounts['/data']).toBeDefined();
        for (const name of Object.values(mounts)) {
          expect(pod.volumes?.find((v) => v.name === name)?.emptyDir).toBeDefined();
        }
      }
    }
  });

  it('commits no Secret, and gives each role only the secrets it needs (no Stripe or provider key to web or a remote)', () => {
    expect(all('Secret')).toEqual([]);
    const read = Object.fromEntries(workloads().map((w) => [w.metadata.name, secretsOf(w)]));
    expect(read).toEqual(ROLE_SECRETS);
    // What those secrets hold, as docs/OPERATIONS.md tells how to create them.
    const documented = documentedSecrets();
    for (const name of new Set(Object.values(ROLE_SECRETS).flat()))
      expect([name, documented[name]]).not.toEqual([name, undefined]);
    const keysOf = (workload: string) => ROLE_SECRETS[workload]!.flatMap((name) => documented[name] ?? []);
    for (const workload of ['veo3-web', ...REMOTE_FOLDERS.map((f) => `veo3-mfe-${f}`)]) {
      expect([workload, keysOf(workload).filter((key) => /^(STRIPE|GEMINI|KIE|S3)_/.test(key))]).toEqual([
        workload,
        [],
      ]);
    }
    for (const workload of ['veo3-worker', 'veo3-migrate']) {
      expect([workload, keysOf(workload).filter((key) => key.startsWith('STRIPE_'))]).toEqual([workload, []]);
    }
    const ingress = one<{ spec: { tls: { secretName: string }[] } }>('Ingress', 'veo3');
    expect(ingress.spec.tls.map((t) => t.secretName)).toEqual(['veo3-tls']);
  });

  it('routes /api, /v1 and /mcp to the API, /mfe/<folder> to each remote and everything else to the shell (Ingress and HTTPRoute)', () => {
    const ingress = one<{
      spec: {
        tls: { hosts: string[] }[];
        rules: {
          host: string;
          http: { paths: { path: string; pathType: string; backend: { service: { name: string } } }[] };
        }[];
      };
    }>('Ingress', 'veo3');
    expect(ingress.spec.rules.map((r) => r.host)).toEqual([host]);
    expect(ingress.spec.tls[0]?.hosts).toEqual([host]);
    const routes = Object.fromEntries(
      ingress.spec.rules[0]!.http.paths.map((p) => [`${p.pathType} ${p.path}`, p.backend.service.name]),
    );
    expect(routes).toEqual({
      'Prefix /api': 'veo3-api',
      'Prefix /v1': 'veo3-api',
      'Exact /mcp': 'veo3-api',
      ...Object.fromEntries(REMOTE_FOLDERS.map((f) => [`Prefix /mfe/${f}`, `veo3-mfe-${f}`])),
      'Prefix /': 'veo3-web',
    });
    // The Gateway API route: the same host and paths, to the same Services on their declared ports.
    const route = one<{
      spec: {
        parentRefs: { kind?: string; name: string }[];
        hostnames: string[];
        rules: {
          matches: { path: { type: string; value: string } }[];
          backendRefs: { name: string; port: number }[];
          timeouts?: { request?: string };
        }[];
      };
    }>('HTTPRoute', 'veo3');
    expect(route.spec.hostnames).toEqual([host]);
    expect(route.spec.parentRefs).toEqual([expect.objectContaining({ kind: 'Gateway', name: expect.any(String) })]);
    // Besides the Ingress's routes: the task events stream, to the API, with no request timeout.
    const streams = route.spec.rules.filter((r) => r.timeouts);
    expect(streams.map((r) => [r.matches, r.backendRefs[0]!.name, r.timeouts])).toEqual([
      [[{ path: { type: 'Exact', value: '/api/video/events' } }], 'veo3-api', { request: '0s' }],
    ]);
    const gatewayRoutes = Object.fromEntries(
      route.spec.rules
        .filter((r) => !r.timeouts)
        .map((r) => {
          expect([r.matches.length, r.backendRefs.length]).toEqual([1, 1]);
          const { type, value } = r.matches[0]!.path;
          return [`${type === 'PathPrefix' ? 'Prefix' : type} ${value}`, r.backendRefs[0]!.name];
        }),
    );
    expect(gatewayRoutes).toEqual(routes);
    for (const rule of route.spec.rules) {
      const { name, port } = rule.backendRefs[0]!;
      const service = one<{ spec: { ports: { port: number }[] } }>('Service', name);
      expect(service.spec.ports.map((p) => p.port)).toContain(port);
    }
    // No proxy-specific body limit: the app limits bodies itself, whatever the edge.
    expect(JSON.stringify(one('Ingress', 'veo3'))).not.toMatch(/nginx|body-size/);
    // Each backend Service selects the pods of its Deployment, on a port the container declares.
    for (const name of Object.values(routes)) {
      const service = one<{ spec: { selector: Record<string, string>; ports: { targetPort: string }[] } }>(
        'Service',
        name,
      );
      const deployment = one('Deployment', name);
      const podLabels = (deployment.spec as { template: { metadata: { labels: Record<string, string> } } }).template
        .metadata.labels;
      expect(podLabels).toMatchObject(service.spec.selector);
      const declared = podSpec(deployment).containers.flatMap((c) => (c.ports ?? []).map((p) => p.name));
      expect(declared).toContain(service.spec.ports[0]?.targetPort);
    }
  });

  it("gives the shell each remote's manifest URL from a ConfigMap, and every role a configuration that boots", () => {
    const remotes = configMap('veo3-remotes');
    expect(remotes.data).toEqual({
      MFE_GENERATOR_URL: `https://${host}/mfe/generator/mf-manifest.json`,
      MFE_BILLING_URL: `https://${host}/mfe/billing/mf-manifest.json`,
      MFE_BLOG_URL: `https://${host}/mfe/blog/mf-manifest.json`,
      MFE_BLOG_ADMIN_URL: `https://${host}/mfe/blog-admin/mf-manifest.json`,
      MFE_ADMIN_URL: `https://${host}/mfe/admin/mf-manifest.json`,
    });
    const settings = configMap('veo3-config');
    const web = podSpec(one('Deployment', 'veo3-web')).containers[0];
    expect(web?.envFrom).toEqual(
      expect.arrayContaining([
        { configMapRef: { name: remotes.metadata.name } },
        { configMapRef: { name: settings.metadata.name } },
      ]),
    );
    // The remote map reaches web alone: api and worker never serve or name a remote.
    const readers = workloads().filter((w) =>
      podSpec(w).containers.some((c) => c.envFrom?.some((from) => from.configMapRef?.name === remotes.metadata.name)),
    );
    expect(readers.map((w) => w.metadata.name)).toEqual(['veo3-web']);
    // What `kubectl create secret` adds (docs/OPERATIONS.md), each role its own: the rest must already make a valid configuration.
    const documented = documentedSecrets();
    for (const role of SERVICE_TIER) {
      const deployment = one('Deployment', `veo3-${role}`);
      const keys = secretsOf(deployment).flatMap((name) => documented[name] ?? []);
      // The overlays name one video provider (VIDEO_PROVIDER): its key alone, not the other providers'.
      const others = ['KIE_API_KEY', 'FAL_KEY'];
      const secrets = Object.fromEntries(keys.filter((k) => !others.includes(k)).map((k) => [k, SAMPLE_SECRETS[k]]));
      expect(Object.entries(secrets).filter(([, value]) => value === undefined)).toEqual([]);
      const maps = podSpec(deployment).containers[0]!.envFrom!.flatMap((from) =>
        from.configMapRef ? [configMaps().find((m) => m.metadata.name === from.configMapRef!.name)!.data!] : [],
      );
      const env = Object.fromEntries(
        (podSpec(deployment).containers[0]!.env ?? []).map((variable) => [variable.name, variable.value]),
      );
      const config = loadConfig({ ...Object.assign({}, ...maps), ...secrets, ...env });
      expect(config).toMatchObject({ env: 'production', role, migrateOnBoot: false, trustProxy: 1 });
      expect(config.siteUrl).toBe(`https://${host}`);
      expect(config.storage).toMatchObject({ type: 's3' });
      if (role === 'web') expect(Object.values(config.remotes).every((r) => !r.servedHere)).toBe(true);
      if (role === 'worker') expect(config.video.workerConcurrency).toBe(4);
      // The metrics server listens on the port the pod declares for scraping.
      const metricsPort = podSpec(deployment).containers[0]!.ports?.find((p) => p.name === 'metrics')?.containerPort;
      expect([role, config.metricsPort]).toEqual([role, metricsPort]);
      // Both on the pod's address, where the probes, the Service and Prometheus reach them.
      expect([role, config.host, config.metricsHost]).toEqual([role, '0.0.0.0', '0.0.0.0']);
    }
    // A remote ships as its own image on its own Deployment; the shell's image is the service image.
    for (const folder of REMOTE_FOLDERS) {
      const users = all('Deployment').filter((d) =>
        podSpec(d).containers.some((c) => c.image?.includes(`/mfe-${folder}:`)),
      );
      expect(users.map((d) => d.metadata.name)).toEqual([`veo3-mfe-${folder}`]);
    }
    expect(web?.image).toMatch(/\/service:/);
  });

  it('scales the API with a HorizontalPodAutoscaler and keeps it up with a PodDisruptionBudget', () => {
    const hpa = one<{
      spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number };
    }>('HorizontalPodAutoscaler', 'veo3-api');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'veo3-api' });
    expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas);
    // The autoscaler owns the count: a replicas field would fight it on every apply.
    expect(one('Deployment', 'veo3-api').spec?.replicas).toBeUndefined();

    const pdb = one<{ spec: { selector: { matchLabels: Record<string, string> } } }>('PodDisruptionBudget', 'veo3-api');
    const selected = all('Deployment').filter((d) => {
      const labels = (d.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata
        .labels;
      return Object.entries(pdb.spec.selector.matchLabels).every(([k, v]) => labels[k] === v);
    });
    expect(selected.map((d) => d.metadata.name)).toEqual(['veo3-api']);
  });

  it('pins every image to a registry and a tag', () => {
    for (const w of workloads()) {
      for (const c of podSpec(w).containers) expect(c.image).toMatch(/^[\w.-]+\/veo3\/[\w-]+:(?!latest$)[\w.-]+$/);
    }
  });
});

describe('staging and production differ only where an environment should', () => {
  it('in namespace, host, image tags, replicas and resources', () => {
    const pick = (overlay: OverlayName) => {
      const objects = render(overlay);
      const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name)!;
      const container = (name: string) =>
        (find('Deployment', name).spec as { template: { spec: IPodSpec } }).template.spec.containers[0]!;
      return {
        namespace: find('Deployment', 'veo3-api').metadata.namespace,
        tag: container('veo3-api').image?.split(':').pop(),
        workers: find('Deployment', 'veo3-worker').spec?.replicas,
        apiMin: find('HorizontalPodAutoscaler', 'veo3-api').spec?.minReplicas,
        workerCpu: container('veo3-worker').resources?.requests?.cpu,
        kinds: objects
          .map((o) =>
            o.kind === 'Namespace' ? 'Namespace' : `${o.kind}/${o.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`,
          )
          .sort(),
      };
    };
    const staging = pick('staging');
    const production = pick('production');
    expect(staging.kinds).toEqual(production.kinds);
    for (const key of ['namespace', 'tag', 'workers', 'apiMin', 'workerCpu'] as const) {
      expect([key, staging[key]]).not.toEqual([key, production[key]]);
    }
    expect(production.apiMin).toBeGreaterThanOrEqual(2);
  });
});
