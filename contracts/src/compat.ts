/**
 * The contract as JSON Schema (what contracts/released/v<major>.json keeps) and the check that a
 * newer contract does not break clients of a released one: no removed route or reply status, no
 * removed reply field, no changed type, no new required request field, unless the package's major
 * version moved past the released one's.
 */
import { z } from 'zod';
import { STREAM_EVENT_DATA } from './events';
import { API_ROUTES, routeKey, type ApiRoute } from './routes';

type JsonSchema = { [key: string]: unknown };

export interface RouteSnapshot {
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  multipart?: true;
  files?: readonly string[];
  contentType?: string;
  /** By status; null: not JSON. */
  replies: Record<string, JsonSchema | null>;
}

export interface ContractSnapshot {
  /** contracts/package.json's version when the snapshot was made. */
  version: string;
  /** By "METHOD path". */
  routes: Record<string, RouteSnapshot>;
  /** The task events stream's data by event type (absent from a release made before it was kept). */
  events?: Record<string, JsonSchema>;
}

const requestSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
const replySchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;

/** The JSON Schemas of every route in `routes` (API_ROUTES by default): requests as input, replies as output. */
export function contractSnapshot(
  version: string,
  routes: readonly ApiRoute[] = API_ROUTES,
  events: Readonly<Record<string, z.ZodType>> = STREAM_EVENT_DATA,
): ContractSnapshot {
  const out: Record<string, RouteSnapshot> = {};
  for (const route of routes) {
    const snap: RouteSnapshot = { replies: {} };
    if (route.params) snap.params = requestSchema(route.params);
    if (route.query) snap.query = requestSchema(route.query);
    if (route.body) snap.body = requestSchema(route.body);
    if (route.multipart) snap.multipart = true;
    if (route.files) snap.files = [...route.files];
    if (route.contentType) snap.contentType = route.contentType;
    for (const [status, schema] of Object.entries(route.replies)) {
      snap.replies[status] = schema ? replySchema(schema) : null;
    }
    out[routeKey(route)] = snap;
  }
  const eventSchemas = Object.fromEntries(Object.entries(events).map(([type, schema]) => [type, replySchema(schema)]));
  return { version, routes: out, events: eventSchemas };
}

const major = (version: string) => Number(/^(\d+)/.exec(version)?.[1] ?? NaN);

const asSchema = (value: unknown): JsonSchema | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : null;

/** The JSON types a schema allows ('integer' stays apart from 'number': a change between them is a change). */
function typesOf(schema: JsonSchema | null): string[] {
  if (!schema) return ['(not JSON)'];
  const found = new Set<string>();
  const add = (s: JsonSchema) => {
    const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
    if (Array.isArray(union)) for (const member of union) add(asSchema(member) ?? {});
    if (typeof s.type === 'string') found.add(s.type);
    if (Array.isArray(s.type)) for (const t of s.type) found.add(String(t));
    const values = 'const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : [];
    if (typeof s.type !== 'string' && !Array.isArray(s.type))
      for (const v of values) found.add(v === null ? 'null' : typeof v);
  };
  add(schema);
  return [...found].sort();
}

/** The one object (or array, or record) shape inside a schema or its nullable union, to look into. */
function shapeOf(schema: JsonSchema | null, kind: 'object' | 'array'): JsonSchema | null {
  if (!schema) return null;
  if (schema.type === kind) return schema;
  const union = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (!Array.isArray(union)) return null;
  const members = union.map(asSchema).filter((s): s is JsonSchema => s?.type === kind);
  return members.length === 1 ? members[0]! : null;
}

type Side = 'request' | 'reply';

function compareSchemas(
  released: JsonSchema | null,
  current: JsonSchema | null,
  side: Side,
  where: string,
  out: string[],
) {
  const was = typesOf(released);
  const now = typesOf(current);
  if (was.join('|') !== now.join('|')) {
    out.push(`${where}: type changed from ${was.join(' | ') || 'any'} to ${now.join(' | ') || 'any'}`);
    return;
  }
  const oldObject = shapeOf(released, 'object');
  const newObject = shapeOf(current, 'object');
  if (oldObject && newObject) {
    const oldProps = (asSchema(oldObject.properties) ?? {}) as Record<string, JsonSchema>;
    const newProps = (asSchema(newObject.properties) ?? {}) as Record<string, JsonSchema>;
    const oldRequired = new Set((oldObject.required as string[] | undefined) ?? []);
    const newRequired = new Set((newObject.required as string[] | undefined) ?? []);
    if (side === 'reply') {
      for (const name of Object.keys(oldProps)) {
        if (!(name in newProps)) out.push(`${where}.${name}: reply field removed`);
        else if (oldRequired.has(name) && !newRequired.has(name))
          out.push(`${where}.${name}: reply field is no longer always present`);
      }
    } else {
      for (const name of newRequired) {
        if (!oldRequired.has(name))
          out.push(
            `${where}.${name}: ${name in oldProps ? 'request field became required' : 'new required request field'}`,
          );
      }
    }
    for (const name of Object.keys(oldProps)) {
      if (name in newProps) compareSchemas(oldProps[name]!, newProps[name]!, side, `${where}.${name}`, out);
    }
    const oldExtra = asSchema(oldObject.additionalProperties);
    const newExtra = asSchema(newObject.additionalProperties);
    if (oldExtra && newExtra) compareSchemas(oldExtra, newExtra, side, `${where}{}`, out);
  }
  const oldArray = shapeOf(released, 'array');
  const newArray = shapeOf(current, 'array');
  if (oldArray && newArray) {
    compareSchemas(asSchema(oldArray.items), asSchema(newArray.items), side, `${where}[]`, out);
  }
}

const NO_INPUT: JsonSchema = { type: 'object', properties: {} };

/** What in `current` breaks a client of `released`, one line each, naming the route and the field. */
export function findBreakingChanges(released: ContractSnapshot, current: ContractSnapshot): string[] {
  const out: string[] = [];
  for (const [key, old] of Object.entries(released.routes)) {
    const now = current.routes[key];
    if (!now) {
      out.push(`${key}: route removed`);
      continue;
    }
    if ((old.contentType ?? null) !== (now.contentType ?? null))
      out.push(`${key}: content type changed from ${old.contentType ?? 'JSON'} to ${now.contentType ?? 'JSON'}`);
    if (!old.multipart !== !now.multipart) out.push(`${key}: body encoding changed (multipart)`);
    for (const part of ['params', 'query', 'body'] as const) {
      if (old[part] || now[part])
        compareSchemas(old[part] ?? NO_INPUT, now[part] ?? NO_INPUT, 'request', `${key} ${part}`, out);
    }
    for (const [status, schema] of Object.entries(old.replies)) {
      if (!(status in now.replies)) out.push(`${key}: reply ${status} removed`);
      else compareSchemas(schema, now.replies[status]!, 'reply', `${key} reply ${status}`, out);
    }
  }
  findBreakingEventChanges(released.events ?? {}, current.events ?? {}, out);
  return out;
}

/** An event's data is read like a reply: a removed type or field, or a changed type, breaks a browser. */
function findBreakingEventChanges(
  released: Record<string, JsonSchema>,
  current: Record<string, JsonSchema>,
  out: string[],
): void {
  for (const [type, schema] of Object.entries(released)) {
    if (!current[type]) out.push(`event ${type}: removed`);
    else compareSchemas(schema, current[type], 'reply', `event ${type}`, out);
  }
}

export interface CompatResult {
  /** Every breaking change found. */
  breaks: string[];
  /** The current major version is past the released one's, so breaking changes are allowed. */
  majorBumped: boolean;
  ok: boolean;
}

export function checkContractCompat(released: ContractSnapshot, current: ContractSnapshot): CompatResult {
  const breaks = findBreakingChanges(released, current);
  const majorBumped = major(current.version) > major(released.version);
  return { breaks, majorBumped, ok: breaks.length === 0 || majorBumped };
}
