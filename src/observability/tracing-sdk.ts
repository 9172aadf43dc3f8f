import type { IncomingMessage } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { NodeSDK } from '@opentelemetry/sdk-node';

import { enableTracing } from 'src/common/tracing';
import { tracingConfigured } from 'src/observability/tracing-config';
import type { Env } from 'src/observability/tracing-config';

/** Query strings carry user text (REST searches): server spans keep the path only. */
function pathOnly(span: Span, request: unknown): void {
  const url = (request as Partial<IncomingMessage>).url;
  if (typeof url === 'string') {
    const path = url.split('?')[0] ?? '';
    span.setAttributes({ 'http.target': path, 'url.path': path, 'url.query': '' });
  }
}

/** The instrumentations for HTTP, Express, GraphQL and ioredis (BullMQ's own telemetry is set on its queues). */
export function instrumentations(): (
  HttpInstrumentation | ExpressInstrumentation | GraphQLInstrumentation | IORedisInstrumentation
)[] {
  return [
    new HttpInstrumentation({ requestHook: pathOnly }),
    new ExpressInstrumentation(),
    // no values (literals become '*', no variables), no span per trivial field
    new GraphQLInstrumentation({ allowValues: false, ignoreTrivialResolveSpans: true, mergeItems: true, depth: 2 }),
    // the command name only: arguments carry job payloads and keys
    new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
  ];
}

let sdk: NodeSDK | null = null;

/**
 * Starts the OpenTelemetry SDK (exporter, sampler, resource from the standard OTEL_* settings) when configured, before
 * the instrumented modules load: the entry point imports this first. Off, nothing is loaded or patched.
 */
export function startTracing(env: Env = process.env): boolean {
  if (sdk || !tracingConfigured(env)) {
    return sdk !== null;
  }
  sdk = new NodeSDK({ serviceName: env['OTEL_SERVICE_NAME'] ?? 'engram', instrumentations: instrumentations() });
  sdk.start();
  enableTracing();
  // spans still batched are flushed when the event loop empties (a signal ends the process sooner: at most the last
  // batch, 5 s by default, is lost)
  process.once('beforeExit', () => void sdk?.shutdown());

  return true;
}
