/**
 * An async iterator fed by pushes (what a GraphQL subscription resolver returns). A slow consumer keeps only the
 * newest `capacity` values, and `return()` (the client unsubscribed or went away) runs `onClose` once.
 */
export class PushIterator<T> implements AsyncIterableIterator<T> {
  private readonly values: T[] = [];
  private readonly waiting: ((result: IteratorResult<T>) => void)[] = [];
  private done = false;

  constructor(
    private readonly onClose: () => void,
    private readonly capacity = 16,
  ) {}

  get closed(): boolean {
    return this.done;
  }

  /** Values pushed but not yet taken by the consumer. */
  get pending(): number {
    return this.values.length;
  }

  push(value: T): void {
    if (this.done) {
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) {
      waiter({ value, done: false });

      return;
    }
    this.values.push(value);
    if (this.values.length > this.capacity) {
      this.values.shift();
    }
  }

  next(): Promise<IteratorResult<T>> {
    const value = this.values.shift();
    if (value !== undefined) {
      return Promise.resolve({ value, done: false });
    }
    if (this.done) {
      return Promise.resolve({ value: undefined, done: true });
    }

    return new Promise((resolve) => this.waiting.push(resolve));
  }

  return(): Promise<IteratorResult<T>> {
    if (!this.done) {
      this.done = true;
      this.values.length = 0;
      this.waiting.splice(0).forEach((resolve) => resolve({ value: undefined, done: true }));
      this.onClose();
    }

    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<T>> {
    void this.return();

    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
