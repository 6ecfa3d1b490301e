import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { parseAllDocuments } from 'yaml';
import { repoRoot } from './deploy-files';

export const OVERLAYS = {
  staging: { namespace: 'veo3-staging', host: 'staging.veo3.studio' },
  production: { namespace: 'veo3', host: 'veo3.studio' },
} as const;
export type OverlayName = keyof typeof OVERLAYS;

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  automountServiceAccountToken?: boolean;
}

export function kubectl(): string {
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

/** `kubectl kustomize <dir>`, parsed. */
export function kustomize(dir: string): K8sObject[] {
  const out = execFileSync(kubectl(), ['kustomize', dir], { encoding: 'utf8' });
  return parseAllDocuments(out).map((doc) => doc.toJS() as K8sObject);
}

/** The migration Job's base name; each overlay renders it as `veo3-migrate-<service image tag>`. */
export const MIGRATE_JOB = 'veo3-migrate';

const rendered = new Map<OverlayName, K8sObject[]>();
const jobNames = new Map<OverlayName, string[]>();
/**
 * An overlay as kubectl renders it (rendered once per test file; each caller gets its own copy).
 * The migration Job carries its release in its name (docs/RELEASES.md "The Job is named per release"); here it has its base
 * name, so that checks find it like any workload, and migrationJobNames() tells the rendered one.
 */
export function render(overlay: OverlayName): K8sObject[] {
  if (!rendered.has(overlay)) {
    const objects = kustomize(join(repoRoot, 'k8s', 'overlays', overlay));
    const jobs = objects.filter((o) => o.kind === 'Job' && o.metadata.name.startsWith(`${MIGRATE_JOB}-`));
    jobNames.set(
      overlay,
      jobs.map((job) => job.metadata.name),
    );
    for (const job of jobs) job.metadata.name = MIGRATE_JOB;
    rendered.set(overlay, objects);
  }
  return structuredClone(rendered.get(overlay)!);
}

/** The names the overlay's migration Jobs render with. */
export function migrationJobNames(overlay: OverlayName): string[] {
  render(overlay);
  return jobNames.get(overlay)!;
}

/**
 * An overlay with one more kustomization on top (`kustomization` is the YAML after its
 * `resources:` line), as an operator's change would be made: written to a temporary folder that
 * names the overlay by a relative path (kustomize refuses absolute resource paths).
 */
export function renderChanged(overlay: OverlayName, kustomization: string): K8sObject[] {
  const dir = mkdtempSync(join(tmpdir(), 'veo3-kustomize-'));
  try {
    const base = relative(dir, join(repoRoot, 'k8s', 'overlays', overlay));
    writeFileSync(join(dir, 'kustomization.yaml'), `resources:\n  - ${base}\n${kustomization}`);
    return kustomize(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const podSpec = (o: K8sObject): IPodSpec =>
  (o.spec as { template: { spec: IPodSpec } } | undefined)?.template.spec ??
  (() => {
    throw new Error(`${o.kind} ${o.metadata.name} has no pod template`);
  })();

export const podLabels = (o: K8sObject): Record<string, string> =>
  (o.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;

/** The optional components under k8s/components. */
export type ComponentName = 'monitoring' | 'keda' | 'tracing';

/**
 * An overlay with optional components on top, as docs/OPERATIONS.md tells an operator to add them:
 * a kustomization of their own that names the overlay's namespace again, the overlay as its
 * resource, and the components. `overlayChange` (kustomization YAML after `resources:`) is a change
 * of the overlay itself, below the components. The migration Job has its base name, as in render().
 */
export function renderWithComponents(
  overlay: OverlayName,
  components: ComponentName[],
  overlayChange?: string,
): K8sObject[] {
  const dir = mkdtempSync(join(tmpdir(), 'veo3-kustomize-'));
  try {
    const from = (path: string) => relative(dir, join(repoRoot, 'k8s', path));
    let environment = from(join('overlays', overlay));
    if (overlayChange !== undefined) {
      mkdirSync(join(dir, 'environment'));
      writeFileSync(
        join(dir, 'environment', 'kustomization.yaml'),
        `resources:\n  - ../${environment}\n${overlayChange}`,
      );
      environment = 'environment';
    }
    writeFileSync(
      join(dir, 'kustomization.yaml'),
      [
        `namespace: ${OVERLAYS[overlay].namespace}`,
        'resources:',
        `  - ${environment}`,
        'components:',
        ...components.map((c) => `  - ${from(join('components', c))}`),
        '',
      ].join('\n'),
    );
    const objects = kustomize(dir);
    for (const job of objects.filter((o) => o.kind === 'Job' && o.metadata.name.startsWith(`${MIGRATE_JOB}-`)))
      job.metadata.name = MIGRATE_JOB;
    return objects;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
