import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleDestroy } from '@nestjs/common';

import { yieldToEventLoop } from 'src/common/event-loop';
import { PUBSUB } from 'src/pubsub/pubsub.port';
import type { PubSub, Unsubscribe } from 'src/pubsub/pubsub.port';
import { PushIterator } from 'src/pubsub/push-iterator';
import { BULLETIN_STORE } from 'src/store/bulletin-store.port';
import type { BulletinRecord, BulletinStore } from 'src/store/bulletin-store.port';

/** One channel for every tenant: each API process filters by tenant for its own subscribers. */
export const BULLETIN_CHANNEL = 'bulletins';

interface Envelope {
  tenantId: string;
  bulletin: Omit<BulletinRecord, 'generatedAt'> & { generatedAt: string };
}

function encode(bulletin: BulletinRecord): string {
  const envelope: Envelope = {
    tenantId: bulletin.tenantId,
    bulletin: { ...bulletin, generatedAt: bulletin.generatedAt.toISOString() },
  };

  return JSON.stringify(envelope);
}

function decode(message: string): BulletinRecord | null {
  try {
    const { tenantId, bulletin } = JSON.parse(message) as Envelope;
    if (typeof tenantId !== 'string' || bulletin?.tenantId !== tenantId) {
      return null;
    }

    return { ...bulletin, generatedAt: new Date(bulletin.generatedAt) };
  } catch {
    return null;
  }
}

/** Ids a subscriber remembers having received, so a bulletin is never delivered to it twice. */
const REMEMBERED = 32;

/**
 * `bulletinRefreshed`: new bulletins go out on the pub/sub channel once, when they are stored; each subscriber
 * gets the tenant's latest bulletin first (a reconnecting client catches up), then every new one of its tenant only.
 */
@Injectable()
export class BulletinEvents implements OnModuleDestroy {
  private readonly logger = new Logger(BulletinEvents.name);
  private readonly listeners = new Map<string, Set<(bulletin: BulletinRecord) => void>>();
  private subscription: Promise<Unsubscribe> | null = null;
  /** Per tenant, the read of its latest bulletin that subscribers share (see latest). */
  private readonly reads = new Map<string, Promise<BulletinRecord | null>>();

  constructor(
    @Inject(PUBSUB) private readonly pubsub: PubSub,
    @Inject(BULLETIN_STORE) private readonly store: BulletinStore,
  ) {}

  /** Best effort: a bulletin that cannot be announced (Redis away) is still stored, and served on subscribe and by `bulletin`. */
  async publish(bulletin: BulletinRecord): Promise<boolean> {
    try {
      await this.pubsub.publish(BULLETIN_CHANNEL, encode(bulletin));

      return true;
    } catch (error) {
      this.logger.warn(
        `bulletin ${bulletin.id} of ${bulletin.tenantId} stored but not announced: ${(error as Error).message}`,
      );

      return false;
    }
  }

  async listen(tenantId: string): Promise<AsyncIterableIterator<BulletinRecord>> {
    // not awaited: while Redis is away a subscriber still gets the latest bulletin, and the rest once it is back
    this.ensureSubscribed();
    const delivered: string[] = [];
    const deliver = (bulletin: BulletinRecord): void => {
      if (delivered.includes(bulletin.id)) {
        return;
      }
      delivered.push(bulletin.id);
      if (delivered.length > REMEMBERED) {
        delivered.shift();
      }
      iterator.push(bulletin);
    };
    const set = this.listeners.get(tenantId) ?? new Set();
    this.listeners.set(tenantId, set);
    const iterator = new PushIterator<BulletinRecord>(() => {
      set.delete(deliver);
      if (set.size === 0 && this.listeners.get(tenantId) === set) {
        this.listeners.delete(tenantId);
      }
    });
    // listen before reading the latest, so nothing produced in between is missed
    set.add(deliver);
    const latest = await this.latest(tenantId);
    // a bulletin that arrived while reading is at least as new as the one read
    if (latest && delivered.length === 0 && !iterator.closed) {
      deliver(latest);
    }

    return iterator;
  }

  /**
   * The tenant's latest bulletin, read once for every subscriber that asks in this event-loop turn: each of a burst of
   * 50 subscriptions read it with its citations, 90 ms of one turn. The read starts in the next turn, after every one
   * of them listens; a subscriber that comes after it started gets a read of its own.
   */
  private latest(tenantId: string): Promise<BulletinRecord | null> {
    const shared = this.reads.get(tenantId);
    if (shared) {
      return shared;
    }
    const read = yieldToEventLoop().then(() => {
      this.reads.delete(tenantId);

      return this.store.latestBulletin(tenantId);
    });
    this.reads.set(tenantId, read);

    return read;
  }

  private ensureSubscribed(): void {
    if (this.subscription) {
      return;
    }
    const subscription = this.pubsub.subscribe(BULLETIN_CHANNEL, (message) => {
      const bulletin = decode(message);
      if (bulletin) {
        this.listeners.get(bulletin.tenantId)?.forEach((deliver) => deliver(bulletin));
      }
    });
    this.subscription = subscription;
    subscription.catch((error: unknown) => {
      this.logger.warn(`could not listen for bulletins: ${(error as Error).message}`);
      if (this.subscription === subscription) {
        this.subscription = null;
      }
    });
  }

  async onModuleDestroy(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    this.listeners.clear();
    await (
      await subscription?.catch(() => null)
    )?.();
  }
}
