import { Injectable } from '@nestjs/common';
import type { BeforeApplicationShutdown } from '@nestjs/common';

import { traced } from 'src/common/tracing';
import { EntityLinker } from 'src/entities/entity-linker.service';
import type { LinkedWrite } from 'src/entities/entity-linker.service';
import { MetricsService } from 'src/metrics/metrics.service';

interface OwedLink {
  tenantId: string;
  memory: LinkedWrite;
  owedAt: number;
}

/**
 * A written memory's entity links follow the write (as a message's vector follows its append): `owe` hands the
 * memory to a loop that links it after the request has answered, one memory per event-loop turn, so a request that
 * arrives meanwhile waits for one memory's linking at most. `Memory.entities` is therefore eventually consistent:
 * a read right after the write may not list them yet. The links live in this process only: a crash loses those
 * still waiting (the memory itself is stored); `engram_entity_links_owed` shows how many wait.
 */
@Injectable()
export class OwedEntityLinks implements BeforeApplicationShutdown {
  private waiting: OwedLink[] = [];
  private draining: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly linker: EntityLinker,
    metrics: MetricsService,
  ) {
    metrics.gauge(
      'engram_entity_links_owed',
      'Written memories whose entity links this process has still to make (they follow the write)',
      [],
      (gauge) => {
        gauge.set({}, this.waiting.length);

        return Promise.resolve();
      },
    );
    metrics.gauge(
      'engram_entity_links_owed_oldest_age_seconds',
      'Age of the oldest memory still owed its entity links in this process (0 when none is owed)',
      [],
      (gauge) => {
        const oldest = this.waiting[0]?.owedAt;
        gauge.set({}, oldest === undefined ? 0 : (Date.now() - oldest) / 1000);

        return Promise.resolve();
      },
    );
  }

  /** Links the memory soon, after the request that wrote it has answered; at shutdown, before the process ends. */
  owe(tenantId: string, memory: LinkedWrite): void {
    if (this.closed) {
      // shutting down: no drain will start again, so the links are made at once (not awaited: the write answers)
      void this.linker.link(tenantId, memory);

      return;
    }
    this.waiting.push({ tenantId, memory, owedAt: Date.now() });
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** Resolves once nothing handed to `owe` is waiting (tests, benchmarks, shutdown). */
  async settled(): Promise<void> {
    while (this.draining) {
      await this.draining;
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.settled();
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      // a turn of the event loop first: the request that owes the links answers, and one that arrived is read
      await new Promise((resolve) => setImmediate(resolve));
      const next = this.waiting[0];
      if (!next) {
        break;
      }
      // the linker logs and swallows its own failures: a link that fails is not retried
      await traced('entity_links.owed', () => this.linker.link(next.tenantId, next.memory), { root: true });
      this.waiting.shift();
    }
  }
}
