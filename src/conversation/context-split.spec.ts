import fc from 'fast-check';

import { CONTEXT_POLICY, SHARED_SECTIONS, splitBudget } from 'src/conversation/context-split';
import type { SharedSection, Shares } from 'src/conversation/context-split';

const record = (value: fc.Arbitrary<number>): fc.Arbitrary<Record<SharedSection, number>> =>
  fc.record(Object.fromEntries(SHARED_SECTIONS.map((s) => [s, value])) as Record<SharedSection, fc.Arbitrary<number>>);
const shares = record(fc.double({ min: 0, max: 1, noNaN: true }));
const demands = record(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20_000 })));
const total = (caps: Record<SharedSection, number>): number => SHARED_SECTIONS.reduce((sum, s) => sum + caps[s], 0);

describe(splitBudget.name, () => {
  it('should never hand out more than the room, nor more than a section asks for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), shares, demands, (room, s, demand) => {
        const caps = splitBudget(room, s, demand);

        expect(total(caps)).toBeLessThanOrEqual(room);
        for (const section of SHARED_SECTIONS) {
          expect(caps[section]).toBeGreaterThanOrEqual(0);
          expect(caps[section]).toBeLessThanOrEqual(demand[section]);
          expect(Number.isInteger(caps[section])).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('should give every section all it asks for when everything fits, and use the whole room when it does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), shares, demands, (room, s, demand) => {
        const caps = splitBudget(room, s, demand);
        const asked = total(demand);

        expect(total(caps)).toBe(Math.min(room, asked));
      }),
      { numRuns: 500 },
    );
  });

  it('should give a section that wants more than the room at least its share of it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 50_000 }),
        shares,
        demands,
        fc.constantFrom(...SHARED_SECTIONS),
        (room, s, demand, section) => {
          const hungry = { ...demand, [section]: room * 2 };
          const weight = SHARED_SECTIONS.reduce((sum, x) => sum + (hungry[x] > 0 ? s[x] : 0), 0);
          fc.pre(weight > 0);
          const caps = splitBudget(room, s, hungry);

          expect(caps[section]).toBeGreaterThanOrEqual(
            Math.floor((room * s[section]) / weight) - SHARED_SECTIONS.length,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('should pass what an empty section leaves to the others in proportion to their shares', () => {
    const even: Shares = { bulletin: 0.25, memories: 0.25, turns: 0.25, others: 0, summary: 0, recent: 0.25 };
    const caps = splitBudget(1000, even, {
      bulletin: 0,
      memories: 0,
      turns: 5000,
      others: 0,
      summary: 0,
      recent: 5000,
    });

    expect(caps).toEqual({ bulletin: 0, memories: 0, turns: 500, others: 0, summary: 0, recent: 500 });
  });

  it('should use shares that add up to one', () => {
    expect(SHARED_SECTIONS.reduce((sum, s) => sum + CONTEXT_POLICY.shares[s], 0)).toBeCloseTo(1, 6);
  });
});
