import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { REMOTE_FOLDERS } from './deploy-files';
import {
  kubectl,
  type K8sObject,
  OVERLAYS,
  type OverlayName,
  podLabels,
  podSpec,
  render,
  renderChanged,
} from './kustomize';

// The suite needs it: without it, it stops here with one message naming the tool and how to install it.
kubectl();

// Cluster hygiene of the rendered overlays: disruption budgets, spread, service accounts, Pod
// Security, network policies and immutable images; and that moving one remote touches one pod template.

const REMOTES = REMOTE_FOLDERS.map((f) => `mfe-${f}`);
const SERVICE_TIER = ['api', 'worker', 'web'];
const COMPONENTS = [...SERVICE_TIER, ...REMOTES];

/**
 * An image reference that cannot change under a running Deployment: a version tag (1.2.3, v1.2.3,
 * 1.2.3-rc.1) and/or a digest. Branch-like or floating tags (main, latest, stable, 1, 1.2) and no tag
 * at all are mutable.
 */
function isImmutableImage(image: string): boolean {
  const match =
    /^(?<name>[a-z0-9.-]+(?::\d+)?\/[a-z0-9._/-]+)(?::(?<tag>[\w][\w.-]{0,127}))?(?:@(?<digest>sha256:[a-f0-9]{64}))?$/.exec(
      image,
    );
  if (!match?.groups) return false;
  const { tag, digest } = match.groups;
  if (digest) return true;
  return tag !== undefined && /^v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(tag);
}

/** The Pod Security Standards' `restricted` profile (as enforced by Pod Security Admission), for one pod. */
function restrictedViolations(pod: IPodSpec): string[] {
  const problems: string[] = [];
  if (pod.hostNetwork || pod.hostPID || pod.hostIPC) problems.push('host namespaces');
  const allowedVolumes = [
    'configMap',
    'csi',
    'downwardAPI',
    'emptyDir',
    'ephemeral',
    'persistentVolumeClaim',
    'projected',
    'secret',
  ];
  for (const volume of pod.volumes ?? []) {
    const kinds = Object.keys(volume).filter((k) => k !== 'name');
    if (!kinds.every((k) => allowedVolumes.includes(k))) problems.push(`volume ${volume.name}: ${kinds.join(',')}`);
  }
  const podSeccomp = pod.securityContext?.seccompProfile?.type;
  const containers: IContainer[] = [...(pod.initContainers ?? []), ...pod.containers];
  for (const c of containers) {
    const sc = c.securityContext ?? {};
    if (sc.privileged) problems.push(`${c.name}: privileged`);
    if (sc.allowPrivilegeEscalation !== false) problems.push(`${c.name}: allowPrivilegeEscalation`);
    if (!(sc.runAsNonRoot ?? pod.securityContext?.runAsNonRoot)) problems.push(`${c.name}: runAsNonRoot`);
    if ((sc.runAsUser ?? pod.securityContext?.runAsUser) === 0) problems.push(`${c.name}: runAsUser 0`);
    if (!sc.capabilities?.drop?.includes('ALL')) problems.push(`${c.name}: capabilities not dropped`);
    if ((sc.capabilities?.add ?? []).some((cap) => cap !== 'NET_BIND_SERVICE'))
      problems.push(`${c.name}: capabilities added`);
    const seccomp = sc.seccompProfile?.type ?? podSeccomp;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') problems.push(`${c.name}: seccompProfile`);
    if ((c.ports ?? []).some((p) => p.hostPort)) problems.push(`${c.name}: hostPort`);
  }
  return problems;
}

interface PolicyPort {
  protocol?: string;
  port?: number | string;
}
interface PolicyPeer {
  ipBlock?: { cidr: string; except?: string[] };
  namespaceSelector?: { matchLabels?: Record<string, string> };
  podSelector?: { matchLabels?: Record<string, string> };
}
interface PolicyRule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: PolicyPort[];
}
interface NetworkPolicySpec {
  podSelector: {
    matchLabels?: Record<string, string>;
    matchExpressions?: { key: string; operator: string; values?: string[] }[];
  };
  policyTypes: ('Ingress' | 'Egress')[];
  ingress?: PolicyRule[];
  egress?: PolicyRule[];
}

function selects(selector: NetworkPolicySpec['podSelector'], labels: Record<string, string>): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpression = (selector.matchExpressions ?? []).every((e) => {
    const value = labels[e.key];
    if (e.operator === 'In') return value !== undefined && (e.values ?? []).includes(value);
    if (e.operator === 'NotIn') return value === undefined || !(e.values ?? []).includes(value);
    if (e.operator === 'Exists') return value !== undefined;
    if (e.operator === 'DoesNotExist') return value === undefined;
    throw new Error(`unknown operator ${e.operator}`);
  });
  return byLabel && byExpression;
}

/** A container port name resolved on the pod (named ports in a policy are the destination pod's). */
function portNumber(port: number | string | undefined, pod: IPodSpec): number | undefined {
  if (typeof port === 'number' || port === undefined) return port;
  return pod.containers.flatMap((c) => c.ports ?? []).find((p) => p.name === port)?.containerPort;
}

describe.each(Object.keys(OVERLAYS) as OverlayName[])('k8s/overlays/%s: cluster hygiene', (overlay) => {
  const { namespace } = OVERLAYS[overlay];
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render(overlay);
  });
  const all = (kind: string) => objects.filter((o) => o.kind === kind);
  const deployments = () => all('Deployment');
  const workloads = () => [...all('Deployment'), ...all('Job')];
  const componentOf = (w: K8sObject) => podLabels(w)['app.kubernetes.io/component']!;

  it('keeps every Deployment up through voluntary disruptions: one PodDisruptionBudget each, maxUnavailable 1', () => {
    const budgets = all('PodDisruptionBudget') as unknown as {
      metadata: { name: string };
      spec: { maxUnavailable?: number; minAvailable?: number; selector: { matchLabels: Record<string, string> } };
    }[];
    expect(deployments().map(componentOf).sort()).toEqual([...COMPONENTS].sort());
    for (const d of deployments()) {
      const covering = budgets.filter((b) => selects(b.spec.selector, podLabels(d)));
      expect([d.metadata.name, covering.map((b) => b.metadata.name)]).toEqual([d.metadata.name, [d.metadata.name]]);
      expect([d.metadata.name, covering[0]!.spec]).toEqual([
        d.metadata.name,
        { maxUnavailable: 1, selector: covering[0]!.spec.selector },
      ]);
      // And it covers that Deployment alone.
      const others = deployments().filter((o) => o !== d && selects(covering[0]!.spec.selector, podLabels(o)));
      expect(others).toEqual([]);
    }
  });

  it('spreads every Deployment over nodes and zones, counting only its own pods of the same rollout', () => {
    for (const d of deployments()) {
      const constraints = podSpec(d).topologySpreadConstraints ?? [];
      const byKey = Object.fromEntries(constraints.map((c) => [c.topologyKey, c]));
      expect([d.metadata.name, Object.keys(byKey).sort()]).toEqual([
        d.metadata.name,
        ['kubernetes.io/hostname', 'topology.kubernetes.io/zone'],
      ]);
      expect(byKey['kubernetes.io/hostname']).toMatchObject({ maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' });
      expect(byKey['topology.kubernetes.io/zone']).toMatchObject({ maxSkew: 1, whenUnsatisfiable: 'ScheduleAnyway' });
      for (const c of constraints) {
        expect(c.matchLabelKeys).toEqual(['pod-template-hash']);
        const selector = { matchLabels: c.labelSelector?.matchLabels ?? {} };
        expect(selects(selector, podLabels(d))).toBe(true);
        expect(deployments().filter((o) => o !== d && selects(selector, podLabels(o)))).toEqual([]);
      }
    }
  });

  it('runs each role under its own ServiceAccount, with no API token mounted', () => {
    const accounts = all('ServiceAccount');
    for (const w of workloads()) {
      const pod = podSpec(w);
      const name = `veo3-${componentOf(w)}`;
      expect([w.metadata.name, pod.serviceAccountName]).toEqual([w.metadata.name, name]);
      expect([w.metadata.name, pod.automountServiceAccountToken]).toEqual([w.metadata.name, false]);
      const account = accounts.find((a) => a.metadata.name === name);
      expect([name, account?.automountServiceAccountToken]).toEqual([name, false]);
    }
    const used = workloads().map((w) => podSpec(w).serviceAccountName);
    expect(new Set(used).size).toBe(used.length);
    expect(accounts.map((a) => a.metadata.name).sort()).toEqual([...used].sort());
  });

  it("enforces Pod Security's restricted profile on the namespace, and every pod meets it", () => {
    const [ns] = all('Namespace');
    expect(ns?.metadata.name).toBe(namespace);
    expect(ns?.metadata.labels).toMatchObject({
      'pod-security.kubernetes.io/enforce': 'restricted',
      'pod-security.kubernetes.io/enforce-version': expect.stringMatching(/^v1\.\d+$/),
      'pod-security.kubernetes.io/warn': 'restricted',
      'pod-security.kubernetes.io/audit': 'restricted',
    });
    for (const w of workloads())
      expect([w.metadata.name, restrictedViolations(podSpec(w))]).toEqual([w.metadata.name, []]);
    // The check does refuse what admission would.
    const pod = structuredClone(podSpec(deployments()[0]!));
    pod.hostNetwork = true;
    pod.securityContext = { ...pod.securityContext, seccompProfile: undefined };
    pod.containers[0]!.securityContext = { ...pod.containers[0]!.securityContext, allowPrivilegeEscalation: true };
    pod.volumes = [...(pod.volumes ?? []), { name: 'host', hostPath: { path: '/' } }];
    expect(restrictedViolations(pod)).toEqual(
      expect.arrayContaining([
        'host namespaces',
        'volume host: hostPath',
        expect.stringMatching(/allowPrivilegeEscalation/),
        expect.stringMatching(/seccompProfile/),
      ]),
    );
  });

  describe('NetworkPolicies', () => {
    const policies = () => all('NetworkPolicy').map((p) => p.spec as unknown as NetworkPolicySpec);
    const forPod = (w: K8sObject, type: 'Ingress' | 'Egress') =>
      policies().filter((p) => p.policyTypes.includes(type) && selects(p.podSelector, podLabels(w)));
    const EDGE = { 'veo3.studio/edge': 'true', 'kubernetes.io/metadata.name': 'gateway' };

    /** Whether `w` may be reached on `port` by a pod in a namespace with `nsLabels`. */
    const ingressAllowed = (w: K8sObject, nsLabels: Record<string, string>, port: number) =>
      forPod(w, 'Ingress').some((p) =>
        (p.ingress ?? []).some(
          (rule) =>
            (rule.from ?? []).some(
              (peer) =>
                peer.namespaceSelector !== undefined &&
                Object.entries(peer.namespaceSelector.matchLabels ?? {}).every(([k, v]) => nsLabels[k] === v),
            ) && (rule.ports ?? []).some((p2) => portNumber(p2.port, podSpec(w)) === port),
        ),
      );

    /** The TCP/UDP ports `w` may open to an address (ipBlock peers checked against it; no peer means any). */
    const egressAllowed = (w: K8sObject, address: string, port: number, protocol = 'TCP') =>
      forPod(w, 'Egress').some((p) =>
        (p.egress ?? []).some((rule) => {
          const peerOk =
            !rule.to?.length ||
            rule.to.some(
              (peer) =>
                peer.ipBlock &&
                inBlock(address, peer.ipBlock.cidr) &&
                !(peer.ipBlock.except ?? []).some((e) => inBlock(address, e)),
            );
          const portOk =
            !rule.ports?.length || rule.ports.some((r) => (r.protocol ?? 'TCP') === protocol && r.port === port);
          return peerOk && portOk;
        }),
      );

    it('deny everything by default, for every pod of the namespace, both ways', () => {
      const deny = policies().filter(
        (p) => Object.keys(p.podSelector).length === 0 && !p.ingress?.length && !p.egress?.length,
      );
      expect(deny.map((p) => [...p.policyTypes].sort())).toEqual([['Egress', 'Ingress']]);
      for (const w of workloads()) {
        expect([w.metadata.name, forPod(w, 'Ingress').length > 0, forPod(w, 'Egress').length > 0]).toEqual([
          w.metadata.name,
          true,
          true,
        ]);
      }
    });

    it('let the edge (Gateway or Ingress controller namespace) reach web, api and the remotes on their port alone', () => {
      for (const w of workloads()) {
        const component = componentOf(w);
        const port = podSpec(w).containers[0]?.ports?.find((p) => p.name === 'http')?.containerPort ?? 3000;
        const exposed = ['api', 'web', ...REMOTES].includes(component);
        expect([component, ingressAllowed(w, EDGE, port)]).toEqual([component, exposed]);
        // Never from an unlabelled namespace (another tenant), never on another port.
        expect([component, ingressAllowed(w, { 'kubernetes.io/metadata.name': 'other' }, port)]).toEqual([
          component,
          false,
        ]);
        expect([component, ingressAllowed(w, EDGE, 9999)]).toEqual([component, false]);
      }
    });

    it('let Prometheus in the monitoring namespace scrape api, worker and web on their metrics port alone', () => {
      const MONITORING = { 'kubernetes.io/metadata.name': 'monitoring' };
      for (const w of workloads()) {
        const component = componentOf(w);
        const ports = Object.fromEntries(
          podSpec(w)
            .containers.flatMap((c) => c.ports ?? [])
            .map((p) => [p.name, p.containerPort]),
        );
        const scraped = SERVICE_TIER.includes(component);
        expect([component, ports.metrics]).toEqual([component, scraped ? 9464 : undefined]);
        expect([component, ingressAllowed(w, MONITORING, 9464)]).toEqual([component, scraped]);
        // Not the app's port from there, and not the metrics port from the edge or another namespace.
        if (ports.http) expect([component, ingressAllowed(w, MONITORING, ports.http)]).toEqual([component, false]);
        expect([component, ingressAllowed(w, EDGE, 9464)]).toEqual([component, false]);
        expect([component, ingressAllowed(w, { 'kubernetes.io/metadata.name': 'other' }, 9464)]).toEqual([
          component,
          false,
        ]);
      }
      // No Service forwards to the metrics port: what the Ingress and the Gateway reach never serves /metrics.
      for (const service of all('Service')) {
        const targets = (service.spec as { ports: { targetPort?: number | string }[] }).ports.map((p) => p.targetPort);
        expect([service.metadata.name, targets.filter((t) => t === 'metrics' || t === 9464)]).toEqual([
          service.metadata.name,
          [],
        ]);
      }
    });

    it('let each role out only where it must: DNS, MySQL, Redis and public HTTPS by role, nothing for the remotes', () => {
      const PUBLIC = '203.0.113.10';
      const expected: Record<string, string[]> = {
        api: ['dns', 'mysql', 'redis', 'https'],
        worker: ['dns', 'mysql', 'redis', 'https'],
        web: ['dns', 'mysql'],
        migrate: ['dns', 'mysql'],
        ...Object.fromEntries(REMOTES.map((r) => [r, []])),
      };
      for (const w of workloads()) {
        const component = componentOf(w);
        const allowed = [
          egressAllowed(w, '10.96.0.10', 53, 'UDP') && egressAllowed(w, '10.96.0.10', 53, 'TCP') ? 'dns' : null,
          egressAllowed(w, '10.0.5.20', 3306) ? 'mysql' : null,
          egressAllowed(w, '10.0.5.21', 6379) ? 'redis' : null,
          egressAllowed(w, PUBLIC, 443) ? 'https' : null,
        ].filter(Boolean);
        expect([component, allowed]).toEqual([component, expected[component]]);
        // Never anything else: not another port in public, not HTTPS to private ranges or cloud metadata.
        expect([component, egressAllowed(w, PUBLIC, 22), egressAllowed(w, PUBLIC, 80)]).toEqual([
          component,
          false,
          false,
        ]);
        for (const internal of ['10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1']) {
          expect([component, internal, egressAllowed(w, internal, 443)]).toEqual([component, internal, false]);
        }
      }
    });
  });

  it('references every image immutably: a version tag or a digest, never main, latest or no tag', () => {
    for (const w of workloads()) {
      for (const c of podSpec(w).containers)
        expect([w.metadata.name, c.image, isImmutableImage(c.image ?? '')]).toEqual([w.metadata.name, c.image, true]);
    }
    const digest = `sha256:${'a'.repeat(64)}`;
    for (const good of [
      'r.example/veo3/service:0.1.0',
      'r.example/veo3/service:v1.2.3-rc.1',
      `r.example/veo3/service@${digest}`,
      `r.example:5000/veo3/service:0.1.0@${digest}`,
    ]) {
      expect([good, isImmutableImage(good)]).toEqual([good, true]);
    }
    for (const bad of [
      'r.example/veo3/service',
      'r.example/veo3/service:main',
      'r.example/veo3/service:latest',
      'r.example/veo3/service:stable',
      'r.example/veo3/service:1.2',
      'r.example/veo3/service:sha256-abc',
      'r.example/veo3/service@sha256:abc',
    ]) {
      expect([bad, isImmutableImage(bad)]).toEqual([bad, false]);
    }
  });

  it('moves a remote without touching any other pod template: a new URL restarts web alone, a new tag that remote alone', () => {
    const templates = (rendered: K8sObject[]) =>
      Object.fromEntries(
        rendered
          .filter((o) => o.kind === 'Deployment')
          .map((d) => [d.metadata.name, JSON.stringify((d.spec as { template: unknown }).template)]),
      );
    const changedDeployments = (after: K8sObject[]) => {
      const before = templates(objects);
      const now = templates(after);
      expect(Object.keys(now).sort()).toEqual(Object.keys(before).sort());
      return Object.keys(now).filter((name) => now[name] !== before[name]);
    };
    const moved = renderChanged(
      overlay,
      [
        'configMapGenerator:',
        '  - name: veo3-remotes',
        '    behavior: merge',
        '    literals:',
        '      - MFE_BLOG_URL=https://cdn.example.net/mfe/blog/mf-manifest.json',
        '',
      ].join('\n'),
    );
    expect(changedDeployments(moved)).toEqual(['veo3-web']);
    const released = renderChanged(
      overlay,
      ['images:', '  - name: registry.example.com/veo3/mfe-blog', '    newTag: 9.9.9', ''].join('\n'),
    );
    expect(changedDeployments(released)).toEqual(['veo3-mfe-blog']);
  });
});

/** Whether an IPv4 address lies in a CIDR block (IPv6 blocks never contain an IPv4 address here). */
function inBlock(address: string, cidr: string): boolean {
  if (cidr.includes(':')) return false;
  const [base = '', bits = '32'] = cidr.split('/');
  const toNumber = (ip: string) => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
  const size = 2 ** (32 - Number(bits));
  const start = Math.floor(toNumber(base) / size) * size;
  const n = toNumber(address);
  return n >= start && n < start + size;
}
