import { Logger } from '@nestjs/common';

import type { MetricsService } from 'src/metrics/metrics.service';
import { oldestAgeSeconds } from 'src/observability/backlog';
import { BACKLOG_REFRESH_MS, BACKLOG_WAIT_MS } from 'src/observability/backlog.service';
import type { OwedCount } from 'src/store/conversation-store.port';

const logger = new Logger('OwedEntityLinks');

/**
 * `engram_entity_links_owed` and `_oldest_age_seconds`, read from the store (every process and tenant together, as
 * the backlog gauges): the two gauges of a scrape share one read, and a scrape waits at most BACKLOG_WAIT_MS for a
 * fresh one once a first exists. A store that does not answer leaves the series at their last values.
 */
export function registerOwedLinkGauges(metrics: MetricsService, read: () => Promise<OwedCount>): void {
  let last: { at: number; owed: OwedCount } | null = null;
  let reading: Promise<OwedCount | null> | null = null;
  const refresh = (): Promise<OwedCount | null> =>
    (reading ??= read()
      .then((owed) => {
        last = { at: Date.now(), owed };

        return owed;
      })
      .catch((error: unknown) => {
        logger.warn(`owed entity links not read: ${error instanceof Error ? error.message : String(error)}`);

        return last?.owed ?? null;
      })
      .finally(() => {
        reading = null;
      }));
  const current = (): Promise<OwedCount | null> => {
    const known = last;
    if (known && Date.now() - known.at < BACKLOG_REFRESH_MS) {
      return Promise.resolve(known.owed);
    }
    const fresh = refresh();
    if (!known) {
      return fresh;
    }

    return Promise.race([
      fresh,
      new Promise<OwedCount>((resolve) => setTimeout(() => resolve(known.owed), BACKLOG_WAIT_MS).unref()),
    ]);
  };

  metrics.gauge(
    'engram_entity_links_owed',
    'ACTIVE memories still owed their entity links, every tenant (they follow the write; kept in the store)',
    [],
    async (gauge) => {
      const owed = await current();
      if (owed) {
        gauge.set({}, owed.items);
      }
    },
  );
  metrics.gauge(
    'engram_entity_links_owed_oldest_age_seconds',
    'Age of the oldest memory still owed its entity links (0 when none is owed)',
    [],
    async (gauge) => {
      const owed = await current();
      if (owed) {
        gauge.set({}, oldestAgeSeconds(owed, new Date()));
      }
    },
  );
}
