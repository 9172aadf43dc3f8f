import { tracingConfigured } from 'src/observability/tracing-config';
import type * as TracingSdk from 'src/observability/tracing-sdk';

// Imported first by the entry point: the instrumentations patch http, express, graphql and ioredis as they load, so
// the SDK is required synchronously here, and only when configured (off, none of it is loaded).
if (tracingConfigured()) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('./tracing-sdk') as typeof TracingSdk).startTracing();
}
