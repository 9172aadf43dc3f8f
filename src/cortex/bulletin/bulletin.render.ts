import type { BulletinCandidate } from 'src/domain/bulletin-candidate';
import { CONSTRAINT_TAG, MemoryType } from 'src/domain/memory.enums';
import { toThirdPerson } from 'src/domain/third-person';

export interface BulletinSection {
  heading: string;
  /** At most this many lines. */
  limit: number;
  accepts(memory: BulletinCandidate): boolean;
  /** Events are ordered by when they happened; everything else by importance. */
  order: 'importance' | 'recent';
}

const isType =
  (...types: MemoryType[]) =>
  (m: BulletinCandidate): boolean =>
    types.includes(m.type) && !(m.type !== MemoryType.IDENTITY && m.tags.includes(CONSTRAINT_TAG));

/** The briefing's headings in order. Observations are episodic and stay out; a `constraint` tag files a memory under preferences. */
export const SECTIONS: readonly BulletinSection[] = [
  { heading: 'About the user', limit: 12, accepts: isType(MemoryType.IDENTITY), order: 'importance' },
  { heading: 'Goals and todos', limit: 8, accepts: isType(MemoryType.GOAL, MemoryType.TODO), order: 'importance' },
  { heading: 'Recent events', limit: 6, accepts: isType(MemoryType.EVENT), order: 'recent' },
  { heading: 'Decisions', limit: 6, accepts: isType(MemoryType.DECISION), order: 'importance' },
  {
    heading: 'Preferences and constraints',
    limit: 10,
    accepts: (m) =>
      m.type === MemoryType.PREFERENCE ||
      (m.type !== MemoryType.IDENTITY && m.type !== MemoryType.OBSERVATION && m.tags.includes(CONSTRAINT_TAG)),
    order: 'importance',
  },
  { heading: 'Key facts', limit: 8, accepts: isType(MemoryType.FACT), order: 'importance' },
];

/** The most lines any section takes: the store gathers this many candidates per type. */
export const MAX_SECTION_LINES = Math.max(...SECTIONS.map((s) => s.limit));

export const DEFAULT_MAX_WORDS = 500;
/** One memory never takes more than this many words of the briefing. */
export const MAX_LINE_WORDS = 60;
/** Characters of the memory id shown at the end of each line, enough to trace it among the bulletin's ids. */
export const REF_LENGTH = 8;

export interface RenderedBulletin {
  content: string;
  /** The memories stated, in the order their lines appear. */
  memoryIds: string[];
}

function byId(a: BulletinCandidate, b: BulletinCandidate): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const COMPARE: Record<BulletinSection['order'], (a: BulletinCandidate, b: BulletinCandidate) => number> = {
  importance: (a, b) =>
    b.importance - a.importance ||
    b.confidence - a.confidence ||
    b.occurredAt.getTime() - a.occurredAt.getTime() ||
    byId(a, b),
  recent: (a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || b.importance - a.importance || byId(a, b),
};

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => w.length > 0);
}

/**
 * One line per memory, in the third person (an agent pastes it into its prompt, where "I" would read as itself):
 * whitespace collapsed (a memory can never start a heading of its own), long ones cut.
 */
export function bulletinLine(memory: BulletinCandidate): string {
  const all = words(toThirdPerson(memory.content));
  const text = all.length > MAX_LINE_WORDS ? `${all.slice(0, MAX_LINE_WORDS).join(' ')} …` : all.join(' ');

  return `- ${text} [${memory.id.slice(0, REF_LENGTH)}]`;
}

/** Reference at the end of a rendered line, e.g. `3f2a9c1e`. */
export function lineRef(line: string): string | null {
  // lastIndexOf, not /\[([^\]\s]+)\]$/: that retries at every "[" of a long run (quadratic)
  const open = line.lastIndexOf('[');
  const ref = line.endsWith(']') && open >= 0 ? line.slice(open + 1, -1) : '';

  return ref.length > 0 && !/[\]\s]/u.test(ref) ? ref : null;
}

/**
 * The deterministic briefing: the same candidates give the same bytes whatever their input order (agents can
 * prompt-cache it). Sections are filled round-robin by rank, so every heading gets its best lines before any gets
 * its tenth, until the word budget is spent; a heading without lines is left out, and no candidates give ''.
 */
export function renderBulletin(
  candidates: readonly BulletinCandidate[],
  maxWords = DEFAULT_MAX_WORDS,
): RenderedBulletin {
  // sections accept disjoint sets of memories, so no memory is stated twice
  const ranked = SECTIONS.map((section) => {
    const items = candidates
      .filter((m) => section.accepts(m))
      .sort(COMPARE[section.order])
      .slice(0, section.limit);

    return { section, items, chosen: [] as BulletinCandidate[], open: true };
  });
  let used = 0;
  for (let round = 0; ranked.some((r) => r.open); round++) {
    for (const entry of ranked.filter((r) => r.open)) {
      const memory = entry.items[round];
      if (!memory) {
        entry.open = false;
        continue;
      }
      const cost =
        words(bulletinLine(memory)).length +
        (entry.chosen.length === 0 ? words(`## ${entry.section.heading}`).length : 0);
      if (used + cost > maxWords) {
        entry.open = false;
        continue;
      }
      used += cost;
      entry.chosen.push(memory);
    }
  }
  const filled = ranked.filter((r) => r.chosen.length > 0);

  return {
    content: filled.map((r) => [`## ${r.section.heading}`, ...r.chosen.map(bulletinLine)].join('\n')).join('\n\n'),
    memoryIds: filled.flatMap((r) => r.chosen.map((m) => m.id)),
  };
}
