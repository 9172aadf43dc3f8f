/**
 * Work that must not outlive a connection: once `close` is called no new work starts (it rejects with the error
 * `closedError` makes), work in flight gets `graceMs` to settle, and what is still pending then rejects too. The
 * Neo4j driver never settles a query that is in flight when the driver closes; this keeps its callers from hanging.
 */
export class ClosingGate {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly abandon = new AbortController();
  private closing = false;

  constructor(private readonly closedError: () => Error) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.closing) {
      throw this.closedError();
    }
    const running = work();
    this.inFlight.add(running);
    try {
      return await this.untilAbandoned(running);
    } finally {
      this.inFlight.delete(running);
    }
  }

  /** Stops new work, waits up to `graceMs` for the work in flight, then rejects what is still pending. */
  async close(graceMs: number): Promise<void> {
    this.closing = true;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.inFlight]), grace]);
    clearTimeout(timer);
    this.abandon.abort();
  }

  private untilAbandoned<T>(running: Promise<T>): Promise<T> {
    const signal = this.abandon.signal;

    return new Promise<T>((resolve, reject) => {
      const onAbandon = (): void => reject(this.closedError());
      signal.addEventListener('abort', onAbandon, { once: true });
      running.then(
        (value) => {
          signal.removeEventListener('abort', onAbandon);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbandon);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}
