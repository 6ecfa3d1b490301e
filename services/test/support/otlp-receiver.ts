import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as an OTLP/HTTP JSON export carries it, with its attributes flattened to a record. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  serviceName: string;
  attributes: Record<string, unknown>;
  /** OTLP's status code (0 unset, 1 ok, 2 error) and message. */
  status: { code?: number; message?: string };
  /** Its events (an exception is one), attributes flattened. */
  events: { name: string; attributes: Record<string, unknown> }[];
}

export interface OtlpReceiver {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT: the exporter posts to `<endpoint>/v1/traces`. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Paths posted to other than /v1/traces (metrics or logs nobody asked for). */
  otherPaths: string[];
  close(): Promise<void>;
}

interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface KeyValue {
  key: string;
  value: AnyValue;
}
const valueOf = (v: AnyValue): unknown => v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
const record = (attributes: KeyValue[] = []) => Object.fromEntries(attributes.map((a) => [a.key, valueOf(a.value)]));

/** A local OTLP/HTTP trace receiver (the JSON encoding @opentelemetry/exporter-trace-otlp-http sends). */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const otherPaths: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url !== '/v1/traces') {
        otherPaths.push(req.url ?? '');
      } else {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: {
            resource: { attributes: KeyValue[] };
            scopeSpans: {
              spans: (Omit<ReceivedSpan, 'attributes' | 'serviceName' | 'status' | 'events'> & {
                attributes: KeyValue[];
                status?: ReceivedSpan['status'];
                events?: { name: string; attributes?: KeyValue[] }[];
              })[];
            }[];
          }[];
        };
        for (const resourceSpan of body.resourceSpans) {
          const serviceName = String(record(resourceSpan.resource.attributes)['service.name']);
          for (const scope of resourceSpan.scopeSpans)
            for (const span of scope.spans)
              spans.push({
                ...span,
                parentSpanId: span.parentSpanId ?? '',
                serviceName,
                attributes: record(span.attributes),
                status: span.status ?? {},
                events: (span.events ?? []).map((e) => ({ name: e.name, attributes: record(e.attributes) })),
              });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    otherPaths,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
