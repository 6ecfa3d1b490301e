import type { Attributes } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import { maskSecrets } from '../common/mask-secrets';

/**
 * Hands spans on with every text masked as the logs mask it: a provider's refusal quoted in a
 * status, an exception's message and stack, a URL with `?key=` in an attribute. Done at export, it
 * covers every instrumentation's spans and costs the request path nothing.
 */
export class MaskedSpanExporter implements SpanExporter {
  constructor(private readonly exporter: SpanExporter) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.exporter.export(spans.map(maskedSpan), resultCallback);
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }
}

function maskedSpan(span: ReadableSpan): ReadableSpan {
  const { status } = span;
  return {
    name: maskSecrets(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: status.message === undefined ? status : { ...status, message: maskSecrets(status.message) },
    attributes: maskedAttributes(span.attributes),
    links: span.links.map((link) => ({ ...link, attributes: link.attributes && maskedAttributes(link.attributes) })),
    events: span.events.map((event) => ({
      ...event,
      name: maskSecrets(event.name),
      attributes: event.attributes && maskedAttributes(event.attributes),
    })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

function maskedAttributes(attributes: Attributes): Attributes {
  const masked: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    masked[key] =
      typeof value === 'string'
        ? maskSecrets(value)
        : Array.isArray(value)
          ? value.map((item) => (typeof item === 'string' ? maskSecrets(item) : item))
          : value;
  }
  return masked;
}
