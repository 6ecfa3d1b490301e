import Ajv, { type ErrorObject } from 'ajv';

// No npm package installed here ships the schemas of the Prometheus operator's or KEDA's CRDs, so
// PodMonitor, PrometheusRule (monitoring.coreos.com/v1) and ScaledObject (keda.sh/v1alpha1) are
// checked against the part of their CRD schemas these manifests use, with the CRDs' types, enums
// and patterns. Fields outside that part are refused, so a typo or a field of another version does
// not pass unseen.

// The operator's Duration pattern (Prometheus durations: 30s, 1m, 1h30m…).
const duration = {
  type: 'string',
  pattern: '^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$',
};
const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const labelSelector = {
  type: 'object',
  additionalProperties: false,
  properties: {
    matchLabels: stringMap,
    matchExpressions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'operator'],
        properties: {
          key: { type: 'string' },
          operator: { enum: ['In', 'NotIn', 'Exists', 'DoesNotExist'] },
          values: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};
const metadata = { type: 'object', required: ['name', 'namespace'] };

const podMonitor = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'monitoring.coreos.com/v1' },
    kind: { const: 'PodMonitor' },
    metadata,
    spec: {
      type: 'object',
      additionalProperties: false,
      required: ['selector'],
      properties: {
        selector: labelSelector,
        podTargetLabels: { type: 'array', items: { type: 'string' } },
        jobLabel: { type: 'string' },
        podMetricsEndpoints: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              port: { type: 'string' },
              path: { type: 'string', pattern: '^/' },
              scheme: { enum: ['http', 'https'] },
              interval: duration,
              scrapeTimeout: duration,
              honorLabels: { type: 'boolean' },
            },
          },
        },
      },
    },
  },
};

const rule = {
  type: 'object',
  additionalProperties: false,
  required: ['expr'],
  oneOf: [{ required: ['alert'] }, { required: ['record'] }],
  properties: {
    alert: { type: 'string', minLength: 1 },
    record: { type: 'string', minLength: 1 },
    expr: { type: 'string', minLength: 1 },
    for: duration,
    keep_firing_for: duration,
    labels: stringMap,
    annotations: stringMap,
  },
};
const prometheusRule = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'monitoring.coreos.com/v1' },
    kind: { const: 'PrometheusRule' },
    metadata,
    spec: {
      type: 'object',
      additionalProperties: false,
      properties: {
        groups: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: {
              name: { type: 'string', minLength: 1 },
              interval: duration,
              rules: { type: 'array', items: rule },
            },
          },
        },
      },
    },
  },
};

const int32 = { type: 'integer', minimum: 0, maximum: 2147483647 };
const scaledObject = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'keda.sh/v1alpha1' },
    kind: { const: 'ScaledObject' },
    metadata,
    spec: {
      type: 'object',
      additionalProperties: false,
      required: ['scaleTargetRef', 'triggers'],
      properties: {
        scaleTargetRef: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string' } },
        },
        minReplicaCount: int32,
        maxReplicaCount: int32,
        idleReplicaCount: int32,
        pollingInterval: int32,
        cooldownPeriod: int32,
        fallback: {
          type: 'object',
          additionalProperties: false,
          required: ['failureThreshold', 'replicas'],
          properties: { failureThreshold: int32, replicas: int32 },
        },
        advanced: {
          type: 'object',
          additionalProperties: false,
          properties: {
            restoreToOriginalReplicaCount: { type: 'boolean' },
            horizontalPodAutoscalerConfig: {
              type: 'object',
              additionalProperties: false,
              properties: { name: { type: 'string' }, behavior: { type: 'object' } },
            },
          },
        },
        triggers: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['type', 'metadata'],
            properties: {
              type: { type: 'string' },
              name: { type: 'string' },
              metricType: { enum: ['AverageValue', 'Value', 'Utilization'] },
              // KEDA reads every trigger setting as a string.
              metadata: stringMap,
              authenticationRef: { type: 'object' },
            },
          },
        },
      },
    },
  },
};

const ajv = new Ajv({ allErrors: true });
const validators = {
  PodMonitor: ajv.compile(podMonitor),
  PrometheusRule: ajv.compile(prometheusRule),
  ScaledObject: ajv.compile(scaledObject),
};
export type CrdKind = keyof typeof validators;

/** Throws, naming each problem, when `object` does not fit its kind's schema. */
export function validateCrd(kind: CrdKind, object: unknown): void {
  const validate = validators[kind];
  if (validate(object)) return;
  const errors = (validate.errors ?? []) as ErrorObject[];
  throw new Error(
    `${kind} is invalid: ${errors.map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim()).join('; ')}`,
  );
}
