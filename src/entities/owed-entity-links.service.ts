import { setTimeout as delay } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';

import { yieldToEventLoop } from 'src/common/event-loop';
import { traced } from 'src/common/tracing';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EntityLinker } from 'src/entities/entity-linker.service';
import type { LinkedWrite } from 'src/entities/entity-linker.service';
import { afterPage } from 'src/entities/owed-links.policy';
import { ENTITY_STORE } from 'src/store/entity-store.port';
import type { EntityStore, OwedLinks, OwedLinksAfter } from 'src/store/entity-store.port';

interface OwedLink {
  tenantId: string;
  memory: LinkedWrite;
}

/** Owed memories the drain reads from the store at a time. */
const PAGE = 32;
/** At most this many owed memories per drain (the boot's, each owed-work sweep's); the next drain takes the rest. */
const DRAIN_LIMIT = 500;
/** How long after a write's answer its owed links start. */
const LINK_DELAY_MS = 5;

/**
 * A written memory's entity links follow the write (as a message's vector follows its append): the insert marks the
 * memory owed its links in the store (InsertMemoryCommand.entityLinksOwed), and `owe` hands it to a loop that links
 * it after the request has answered, one memory per event-loop turn, so a request that arrives meanwhile waits for
 * one memory's linking at most. `Memory.entities` is therefore eventually consistent. The linker's transaction
 * settles the mark, so what a crash, a restart or a failed link leaves owed is still in the store: `linkOwed` links
 * it, every tenant's, at boot and from the owed-work sweep. The backlog's `entity_links` kind reads the store.
 */
@Injectable()
export class OwedEntityLinks implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OwedEntityLinks.name);
  private waiting: OwedLink[] = [];
  /** Ids waiting or being linked here, which the store's drain leaves to this loop. */
  private readonly inFlight = new Set<string>();
  private draining: Promise<void> | null = null;
  private recovering: Promise<number> | null = null;
  /** Where the last drain stopped at DRAIN_LIMIT (afterPage): the next one goes on from there. */
  private resumeAfter: OwedLinksAfter | null = null;
  private closed = false;

  constructor(
    private readonly linker: EntityLinker,
    @Inject(ENTITY_STORE) private readonly store: EntityStore,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'entityLinking'>,
  ) {}

  /** What a process that ended before linking left owed: linked in the background once the app is up. */
  onApplicationBootstrap(): void {
    void this.linkOwed(new Date());
  }

  /** Links the memory soon, after the request that wrote it has answered; at shutdown, before the process ends. */
  owe(tenantId: string, memory: LinkedWrite): void {
    if (this.inFlight.has(memory.id)) {
      return;
    }
    if (this.closed) {
      // shutting down: no drain will start again, so the links are made at once (not awaited: the write answers;
      // should the process end first, the memory stays owed in the store)
      void this.linker.link(tenantId, memory);

      return;
    }
    this.inFlight.add(memory.id);
    this.waiting.push({ tenantId, memory });
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /**
   * Links the memories the store says are owed their links since at or before `olderThan` (every tenant's), oldest
   * first, one per event-loop turn, at most DRAIN_LIMIT; those this process is linking already are left to it. One
   * drain at a time: a call during one answers that one's count. Answers how many memories it handed the linker.
   */
  linkOwed(olderThan: Date): Promise<number> {
    if (!this.config.entityLinking) {
      return Promise.resolve(0);
    }
    this.recovering ??= this.recover(olderThan)
      .catch((error: unknown) => {
        // still owed in the store: the next sweep tries again
        this.logger.warn(`owed entity links not read: ${(error as Error).message}`);

        return 0;
      })
      .finally(() => {
        this.recovering = null;
      });

    return this.recovering;
  }

  /** Resolves once nothing handed to `owe` is waiting and no drain of the store runs (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.draining || this.recovering) {
      await this.draining;
      await this.recovering;
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.settled();
  }

  private async drain(): Promise<void> {
    // an agent's next call usually follows at once: started a moment later, the links are made while that call
    // waits on its embedding thread rather than before it is read
    await delay(LINK_DELAY_MS);
    while (this.waiting.length > 0) {
      // a turn of the event loop first: the request that owes the links answers, and one that arrived is read
      await yieldToEventLoop();
      const next = this.waiting[0];
      if (!next) {
        break;
      }
      // the linker logs and swallows its own failures: the memory stays owed in the store, for linkOwed
      await traced('entity_links.owed', () => this.linker.link(next.tenantId, next.memory), { root: true });
      this.waiting.shift();
      this.inFlight.delete(next.memory.id);
    }
  }

  private async recover(olderThan: Date): Promise<number> {
    let after = this.resumeAfter;
    let read = 0;
    let linked = 0;
    for (;;) {
      const want = Math.min(PAGE, DRAIN_LIMIT - read);
      const page = await this.store.listOwedLinks(olderThan, after, want);
      for (const owed of page) {
        // shutdown stops the drain between memories: the rest stay owed for the next process
        await yieldToEventLoop();
        if (this.closed) {
          return linked;
        }
        if (await this.linkRecovered(owed)) {
          linked++;
        }
      }
      read += page.length;
      const step = afterPage(page, want, read, DRAIN_LIMIT);
      if (step.next === 'stop') {
        this.resumeAfter = step.resumeAfter;
        break;
      }
      after = step.after;
    }
    if (linked > 0) {
      this.logger.debug(`owed entity links made: ${linked} memory(ies)`);
    }

    return linked;
  }

  private async linkRecovered(owed: OwedLinks): Promise<boolean> {
    if (this.inFlight.has(owed.memoryId)) {
      return false;
    }
    this.inFlight.add(owed.memoryId);
    try {
      const memory = { id: owed.memoryId, content: owed.content, slot: owed.slot };
      await traced('entity_links.recovered', () => this.linker.link(owed.tenantId, memory), { root: true });

      return true;
    } finally {
      this.inFlight.delete(owed.memoryId);
    }
  }
}
