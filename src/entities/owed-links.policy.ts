import type { OwedLinks, OwedLinksAfter } from 'src/store/entity-store.port';

/** What a drain of the owed links does after a page: read the next one, or stop and say where the next drain begins. */
export type DrainStep = { next: 'page'; after: OwedLinksAfter } | { next: 'stop'; resumeAfter: OwedLinksAfter | null };

/**
 * After a page of `asked` owed memories, `read` in this drain counting it: a short page is the list's end (the next
 * drain starts from its head again); at `limit` the drain stops where it is, so the next goes on from there and links
 * that keep failing at the head of the list cannot hold back those behind them.
 */
export function afterPage(page: readonly OwedLinks[], asked: number, read: number, limit: number): DrainStep {
  const last = page.at(-1);
  if (last === undefined || page.length < asked) {
    return { next: 'stop', resumeAfter: null };
  }
  const after = { owedAt: last.owedAt, memoryId: last.memoryId };

  return read >= limit ? { next: 'stop', resumeAfter: after } : { next: 'page', after };
}
