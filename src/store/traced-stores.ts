import { context, trace } from '@opentelemetry/api';
import type { Span } from '@opentelemetry/api';

import { failSpan, tracingEnabled } from 'src/common/tracing';
import type { Stores } from 'src/store/stores';

const tracer = trace.getTracer('engram');

function settle(span: Span, error?: unknown): void {
  if (error !== undefined) {
    failSpan(span, error);
  }
  span.end();
}

/**
 * The port with every method call inside a span `store.<port>.<method>` (attribute `db.system`): no arguments are
 * recorded, they carry user text.
 */
export function tracedPort<T extends object>(port: T, name: string, system: string): T {
  return new Proxy(port, {
    get(target, key, receiver): unknown {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string') {
        return value;
      }
      const method = value as (...args: unknown[]) => unknown;

      return (...args: unknown[]): unknown => {
        if (!tracingEnabled()) {
          return method.apply(target, args);
        }
        const span = tracer.startSpan(`store.${name}.${key}`, { attributes: { 'db.system': system } });
        let result: unknown;
        try {
          result = context.with(trace.setSpan(context.active(), span), () => method.apply(target, args));
        } catch (error) {
          settle(span, error);
          throw error;
        }
        if (result instanceof Promise) {
          return result.then(
            (answer: unknown) => {
              settle(span);

              return answer;
            },
            (error: unknown) => {
              settle(span, error);
              throw error;
            },
          );
        }
        settle(span);

        return result;
      };
    },
  });
}

/** Every port but the connection, traced (only when tracing is on: off, the stores are handed out as they are). */
export function tracedStores(stores: Stores, system: string): Stores {
  const { connection, ...ports } = stores;
  const traced = Object.fromEntries(
    Object.entries(ports).map(([name, port]) => [name, tracedPort(port as object, name, system)]),
  );

  return { connection, ...traced } as Stores;
}
