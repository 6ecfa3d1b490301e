import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { Service } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../../src/config/app-config';
import { REMOTE_FOLDERS, repoRoot } from './deploy-files';

const OVERLAYS = {
  staging: { namespace: 'veo3-staging', host: 'staging.veo3.studio' },
  production: { namespace: 'veo3', host: 'veo3.studio' },
} as const;
type OverlayName = keyof typeof OVERLAYS;

/** The schema class of every kind the manifests may hold; any other kind fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
};

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

function kubectl(): string {
  const found = (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, 'kubectl'))
    .find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'kubectl is not installed, so the Kubernetes manifests cannot be rendered: apt-get install -y kubectl (.ci/run installs it)',
    );
  }
  // The manifests use `labels`, `replicas` and inline `patches` (kustomize v4.5+, kubectl 1.24+);
  // Debian's own kubernetes-client (1.20) embeds kustomize v2.
  const { kustomizeVersion = '' } = JSON.parse(
    execFileSync(found, ['version', '--client', '-o', 'json'], { encoding: 'utf8' }),
  ) as { kustomizeVersion?: string };
  const [major = 0, minor = 0] = (/^v(\d+)\.(\d+)/.exec(kustomizeVersion) ?? []).slice(1).map(Number);
  if (major < 4 || (major === 4 && minor < 5)) {
    throw new Error(
      `${found} embeds kustomize ${kustomizeVersion || '(unknown)'}; k8s/ needs v4.5 or newer (kubectl 1.24+)`,
    );
  }
  return found;
}

const rendered = new Map<OverlayName, K8sObject[]>();
function render(overlay: OverlayName): K8sObject[] {
  if (!rendered.has(overlay)) {
    const out = execFileSync(kubectl(), ['kustomize', join(repoRoot, 'k8s', 'overlays', overlay)], {
      encoding: 'utf8',
    });
    rendered.set(
      overlay,
      parseAllDocuments(out).map((doc) => doc.toJS() as K8sObject),
    );
  }
  return structuredClone(rendered.get(overlay)!);
}

const SERVICE_TIER = ['api', 'worker', 'web'];
const DEPLOYMENTS = [...SERVICE_TIER, ...REMOTE_FOLDERS.map((f) => `mfe-${f}`)].map((c) => `veo3-${c}`);

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
      expect([o.kind, o.metadata.name, o.metadata.namespace]).toEqual([o.kind, o.metadata.name, namespace]);
    }
    // The validator does catch a malformed object (a CPU limit that is not a quantity).
    const broken = structuredClone(one('Deployment', 'veo3-api'));
    podSpec(broken).containers[0]!.resources!.limits!.cpu = 'two cores';
    expect(() => new Deployment(broken as never).validate()).toThrow(/quantity/);
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
    expect(first.map((o) => `${o.kind}/${o.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`).sort()).toEqual([
      'ConfigMap/veo3-config',
      'ConfigMap/veo3-remotes',
      'Job/veo3-migrate',
    ]);
    for (const name of SERVICE_TIER) {
      const [c] = podSpec(one('Deployment', `veo3-${name}`)).containers;
      expect(c?.env).toEqual([{ name: 'ROLE', value: name }]);
      expect(c?.command).toEqual(['node', 'services/dist/main.js']);
    }
  });

  it('probes every long-running container on /api/health, through a declared port', () => {
    for (const d of all('Deployment')) {
      for (const c of podSpec(d).containers) {
        const ports = (c.ports ?? []).map((p) => p.name);
        for (const probe of [c.readinessProbe, c.livenessProbe]) {
          expect([d.metadata.name, probe?.httpGet?.path]).toEqual([d.metadata.name, '/api/health']);
          expect(ports).toContain(probe?.httpGet?.port);
        }
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

  it('commits no Secret: the workloads reference veo3-secrets by name, the Ingress veo3-tls', () => {
    expect(all('Secret')).toEqual([]);
    for (const w of workloads().filter((o) => podSpec(o).containers.some((c) => c.image?.includes('/service:')))) {
      expect(podSpec(w).containers[0]?.envFrom).toContainEqual({ secretRef: { name: 'veo3-secrets' } });
    }
    const ingress = one<{ spec: { tls: { secretName: string }[] } }>('Ingress', 'veo3');
    expect(ingress.spec.tls.map((t) => t.secretName)).toEqual(['veo3-tls']);
  });

  it('routes /api to the API, /mfe/<folder> to each remote and everything else to the shell', () => {
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
      ...Object.fromEntries(REMOTE_FOLDERS.map((f) => [`Prefix /mfe/${f}`, `veo3-mfe-${f}`])),
      'Prefix /': 'veo3-web',
    });
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
    });
    const settings = configMap('veo3-config');
    const web = podSpec(one('Deployment', 'veo3-web')).containers[0];
    expect(web?.envFrom).toEqual(
      expect.arrayContaining([
        { configMapRef: { name: remotes.metadata.name } },
        { configMapRef: { name: settings.metadata.name } },
      ]),
    );
    // What `kubectl create secret` adds (README): the rest must already make a valid configuration.
    const secrets = {
      DATABASE_URL: 'mysql://veo3:pw@mysql:3306/veo3',
      REDIS_URL: 'redis://redis:6379',
      JWT_SECRET: 'kubernetes-spec-secret-0123456789abcdef-0123456789abcdef',
    };
    for (const role of SERVICE_TIER) {
      const config = loadConfig({ ...settings.data, ...remotes.data, ...secrets, ROLE: role });
      expect(config).toMatchObject({ env: 'production', role, migrateOnBoot: false, trustProxy: 1 });
      expect(config.siteUrl).toBe(`https://${host}`);
      expect(config.storage).toMatchObject({ type: 's3' });
      expect(Object.values(config.remotes).every((r) => !r.servedHere)).toBe(true);
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
        kinds: objects.map((o) => `${o.kind}/${o.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`).sort(),
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
