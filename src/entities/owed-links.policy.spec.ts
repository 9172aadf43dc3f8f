import { afterPage } from 'src/entities/owed-links.policy';
import type { OwedLinks } from 'src/store/entity-store.port';

const owed = (i: number): OwedLinks => ({
  tenantId: 'acme',
  memoryId: `m${i}`,
  content: `memory ${i}`,
  slot: null,
  owedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
});

describe('afterPage', () => {
  it('should stop at a short or empty page and start the next drain from the head', () => {
    expect(afterPage([owed(1)], 2, 1, 10)).toEqual({ next: 'stop', resumeAfter: null });
    expect(afterPage([], 2, 0, 10)).toEqual({ next: 'stop', resumeAfter: null });
  });

  it('should read on after a full page, and stop at the limit where the next drain goes on', () => {
    const after = { owedAt: owed(2).owedAt, memoryId: 'm2' };

    expect(afterPage([owed(1), owed(2)], 2, 2, 10)).toEqual({ next: 'page', after });
    expect(afterPage([owed(1), owed(2)], 2, 10, 10)).toEqual({ next: 'stop', resumeAfter: after });
  });
});
