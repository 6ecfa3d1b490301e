import Ajv, { type ErrorObject } from 'ajv';

// kubernetes-models ships no Gateway API types, and no npm package ships the CRDs' schemas, so the
// HTTPRoute is checked against the part of the gateway.networking.k8s.io/v1 HTTPRoute schema
// (standard channel) that these manifests use, with the CRD's own limits and patterns. Fields
// outside that part are refused, so a typo or a field of another version does not pass unseen.

const name = { type: 'string', minLength: 1, maxLength: 253 };
const hostname = {
  type: 'string',
  minLength: 1,
  maxLength: 253,
  pattern: '^(\\*\\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$',
};
const port = { type: 'integer', minimum: 1, maximum: 65535 };
// GEP-2257 durations ("0s" turns a timeout off).
const duration = { type: 'string', pattern: '^([0-9]{1,5}(h|m|s|ms)){1,4}$' };

const parentRef = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    group: { type: 'string', maxLength: 253 },
    kind: { type: 'string', minLength: 1, maxLength: 63 },
    namespace: { type: 'string', minLength: 1, maxLength: 63 },
    name,
    sectionName: { type: 'string', minLength: 1, maxLength: 253 },
    port,
  },
};

const pathMatch = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { enum: ['Exact', 'PathPrefix', 'RegularExpression'] },
    value: { type: 'string', maxLength: 1024, pattern: '^/' },
  },
};

const match = {
  type: 'object',
  additionalProperties: false,
  properties: {
    path: pathMatch,
    method: { enum: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'] },
  },
};

const backendRef = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    group: { type: 'string', maxLength: 253 },
    kind: { type: 'string', minLength: 1, maxLength: 63 },
    name,
    namespace: { type: 'string', minLength: 1, maxLength: 63 },
    port,
    weight: { type: 'integer', minimum: 0, maximum: 1000000 },
  },
  // A Service backend needs its port (the CRD's CEL rule).
  if: { properties: { kind: { const: 'Service' } } },
  then: { required: ['name', 'port'] },
  else: { if: { not: { required: ['kind'] } }, then: { required: ['name', 'port'] } },
};

const schema = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'gateway.networking.k8s.io/v1' },
    kind: { const: 'HTTPRoute' },
    metadata: { type: 'object', required: ['name'] },
    spec: {
      type: 'object',
      additionalProperties: false,
      properties: {
        parentRefs: { type: 'array', maxItems: 32, items: parentRef },
        hostnames: { type: 'array', maxItems: 16, items: hostname },
        rules: {
          type: 'array',
          maxItems: 16,
          items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              name: { type: 'string', minLength: 1, maxLength: 253 },
              matches: { type: 'array', maxItems: 64, items: match },
              backendRefs: { type: 'array', maxItems: 16, items: backendRef },
              timeouts: {
                type: 'object',
                additionalProperties: false,
                properties: { request: duration, backendRequest: duration },
              },
            },
          },
        },
      },
    },
  },
};

const validateRoute = new Ajv({ allErrors: true }).compile(schema);

/** The HTTPRoute as kubernetes-models' classes are used: `new HTTPRoute(object).validate()` throws when invalid. */
export class HTTPRoute {
  constructor(private readonly data: unknown) {}

  validate(): void {
    if (validateRoute(this.data)) return;
    const errors = (validateRoute.errors ?? []) as ErrorObject[];
    throw new Error(
      `HTTPRoute is invalid: ${errors.map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim()).join('; ')}`,
    );
  }
}
