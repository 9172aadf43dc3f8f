/**
 * Work that must not outlive a connection: once `close` is called no new work starts (it rejects with the error
 * `closedError` makes), work in flight gets `graceMs` to settle, and what is still pending then rejects too. The
 * Neo4j driver never settles a query that is in flight when the driver closes; this keeps its callers from hanging.
 */
export class ClosingGate {
  /** Per piece of work in flight: what it settles, and how to give it up. */
  private readonly inFlight = new Map<Promise<unknown>, () => void>();
  private closing = false;

  constructor(private readonly closedError: () => Error) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.closing) {
      return Promise.reject(this.closedError());
    }
    const running = work();

    return new Promise<T>((resolve, reject) => {
      this.inFlight.set(running, () => reject(this.closedError()));
      running
        .then(resolve, (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))))
        .finally(() => this.inFlight.delete(running));
    });
  }

  /** Stops new work, waits up to `graceMs` for the work in flight, then rejects what is still pending. */
  async close(graceMs: number): Promise<void> {
    this.closing = true;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.inFlight.keys()]), grace]);
    clearTimeout(timer);
    for (const giveUp of this.inFlight.values()) {
      giveUp();
    }
    this.inFlight.clear();
  }
}
