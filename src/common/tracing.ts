import { context, ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Attributes, Link, Span, SpanContext } from '@opentelemetry/api';

/**
 * Spans of our own (recall stages, store calls, job runs). Until `enableTracing` (the SDK started, or a test's
 * provider), every helper here calls its work directly: tracing off adds one boolean test per call, nothing else.
 * Attributes carry ids, counts and modes, never user text (queries, contents).
 */
const tracer = trace.getTracer('engram');
let enabled = false;

export function enableTracing(on = true): void {
  enabled = on;
}

export function tracingEnabled(): boolean {
  return enabled;
}

export interface SpanOptions {
  attributes?: Attributes;
  /** Spans this one follows from (a job links to the request that queued it). */
  links?: Link[];
  /** A new trace (a job run) rather than a child of the active span. */
  root?: boolean;
}

/** Marks the span failed with the error's class only: messages may quote user input. */
export function failSpan(span: Span, error: unknown): void {
  const type = error instanceof Error ? error.name : typeof error;
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}

/** `work` inside a span `name`, ended when its promise settles. */
export function traced<T>(name: string, work: () => Promise<T>, options: SpanOptions = {}): Promise<T> {
  if (!enabled) {
    return work();
  }
  const parent = options.root ? ROOT_CONTEXT : context.active();

  return tracer.startActiveSpan(name, options, parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Synchronous work (fusion, ranking) inside a span. */
export function tracedSync<T>(name: string, work: () => T, options: SpanOptions = {}): T {
  if (!enabled) {
    return work();
  }

  return tracer.startActiveSpan(name, options, (span) => {
    try {
      return work();
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The active span's context, to link a job run back to the request that queued it; undefined when off. */
export function activeSpanContext(): SpanContext | undefined {
  return enabled ? trace.getActiveSpan()?.spanContext() : undefined;
}

/** Adds attributes to the active span (counts, modes: never user text). */
export function annotate(attributes: Attributes): void {
  if (enabled) {
    trace.getActiveSpan()?.setAttributes(attributes);
  }
}
