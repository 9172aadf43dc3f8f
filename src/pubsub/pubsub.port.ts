export const PUBSUB = Symbol('PUBSUB');

export type Unsubscribe = () => Promise<void>;

/**
 * Messages between processes: Redis pub/sub when REDIS_URL is set (the worker publishes, every API process
 * delivers to its own WebSocket subscribers), else in this process. At most once, to whoever listens right now.
 */
export interface PubSub {
  readonly kind: 'redis' | 'in-process';
  /** Fails (rather than waits) when the broker cannot be reached; the caller decides whether that matters. */
  publish(channel: string, message: string): Promise<void>;
  /** `handler` gets every message on `channel` until the returned function is called. */
  subscribe(channel: string, handler: (message: string) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
}
