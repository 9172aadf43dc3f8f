import type { PubSub, Unsubscribe } from 'src/pubsub/pubsub.port';

/** Embedded mode: one process, so delivery is a synchronous walk over the listeners of the channel. */
export class InProcessPubSub implements PubSub {
  readonly kind = 'in-process' as const;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();

  publish(channel: string, message: string): Promise<void> {
    for (const handler of [...(this.handlers.get(channel) ?? [])]) {
      handler(message);
    }

    return Promise.resolve();
  }

  subscribe(channel: string, handler: (message: string) => void): Promise<Unsubscribe> {
    const set = this.handlers.get(channel) ?? new Set();
    // wrap so the same function subscribed twice is two subscriptions
    const own = (message: string): void => handler(message);
    set.add(own);
    this.handlers.set(channel, set);

    return Promise.resolve(() => {
      set.delete(own);
      if (set.size === 0) {
        this.handlers.delete(channel);
      }

      return Promise.resolve();
    });
  }

  close(): Promise<void> {
    this.handlers.clear();

    return Promise.resolve();
  }
}
