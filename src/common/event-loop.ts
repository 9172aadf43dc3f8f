import { performance } from 'node:perf_hooks';

/** Lets timers and other requests run before going on (a macrotask turn; awaiting a resolved promise does not). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * For bulk loops (import, export, purge): call the returned function after each item; it yields to the event loop
 * once `sliceMs` of work have passed since the last yield, so no request waits longer than about that for a turn.
 */
export function eventLoopSlicer(sliceMs = 10): () => Promise<void> {
  let since = performance.now();

  return async () => {
    if (performance.now() - since >= sliceMs) {
      await yieldToEventLoop();
      since = performance.now();
    }
  };
}
