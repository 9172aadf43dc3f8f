import { CONSTRAINT_TAG, MemoryType } from 'src/domain/memory.enums';

const DAY_MS = 86_400_000;

/** Below this decay score a memory is flagged as fading: deprioritised in recall, never deleted. */
export const FADING_THRESHOLD = 0.15;

export interface DecayFacts {
  confidence: number;
  accessCount: number;
  /** Last recall of the memory; null when never recalled (then its last sighting counts). */
  lastAccessedAt: Date | null;
  /** Last time the memory was written or seen again (reinforced). */
  lastSeenAt: Date;
}

function daysBetween(from: Date, to: Date): number {
  return Math.max(0, to.getTime() - from.getTime()) / DAY_MS;
}

/**
 * Sci-style decay: confidence × e^(−t/S), t days since the memory was last accessed (or seen, if never recalled),
 * S = 1 + 0.5 × accessCount: each recall makes the memory harder to forget.
 */
export function decayScore(facts: DecayFacts, now: Date): number {
  const lastTouched =
    facts.lastAccessedAt && facts.lastAccessedAt > facts.lastSeenAt ? facts.lastAccessedAt : facts.lastSeenAt;
  const stability = 1 + 0.5 * Math.max(0, facts.accessCount);

  return Math.min(1, Math.max(0, facts.confidence)) * Math.exp(-daysBetween(lastTouched, now) / stability);
}

export function isFading(score: number, threshold = FADING_THRESHOLD): boolean {
  return score < threshold;
}

/**
 * How long each kind of memory stays current before it is demoted (Vellum-style lifetimes): who the user is lasts
 * months, what they prefer a season, projects and decisions a fortnight, events days. Configurable
 * (MEMORY_LIFETIMES); memories tagged `constraint` use CONSTRAINT_LIFETIME_DAYS.
 */
export const DEFAULT_LIFETIME_DAYS: Readonly<Record<MemoryType, number>> = {
  [MemoryType.IDENTITY]: 180,
  [MemoryType.PREFERENCE]: 90,
  [MemoryType.FACT]: 90,
  [MemoryType.GOAL]: 14,
  [MemoryType.DECISION]: 14,
  [MemoryType.TODO]: 14,
  [MemoryType.OBSERVATION]: 7,
  [MemoryType.EVENT]: 3,
};
export const CONSTRAINT_LIFETIME_DAYS = 30;

export interface LifetimeFacts {
  type: MemoryType;
  tags: readonly string[];
  accessCount: number;
  lastSeenAt: Date;
}

/**
 * The memory's lifetime in days. Seen again (reinforced) restarts the clock; each recall stretches the lifetime
 * by 1 + ln(1 + accessCount), so a memory the user keeps coming back to ages more slowly.
 */
export function lifetimeDays(
  facts: LifetimeFacts,
  lifetimes: Readonly<Record<MemoryType, number>> = DEFAULT_LIFETIME_DAYS,
): number {
  const base = facts.tags.includes(CONSTRAINT_TAG)
    ? Math.min(lifetimes[facts.type], CONSTRAINT_LIFETIME_DAYS)
    : lifetimes[facts.type];

  return base * (1 + Math.log1p(Math.max(0, facts.accessCount)));
}

/** When the memory expires (is demoted) unless it is seen again first. */
export function expiresAt(facts: LifetimeFacts, lifetimes?: Readonly<Record<MemoryType, number>>): Date {
  return new Date(facts.lastSeenAt.getTime() + lifetimeDays(facts, lifetimes) * DAY_MS);
}

export function isExpired(facts: LifetimeFacts, now: Date, lifetimes?: Readonly<Record<MemoryType, number>>): boolean {
  return expiresAt(facts, lifetimes) <= now;
}

/** Parses `IDENTITY=180,EVENT=3` over the defaults; unknown types or non-positive days are errors. */
export function parseLifetimes(raw: string): Record<MemoryType, number> {
  const lifetimes: Record<MemoryType, number> = { ...DEFAULT_LIFETIME_DAYS };
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0)) {
    const [name, value] = entry.split('=').map((part) => part.trim());
    const days = Number(value);
    if (!name || !(name in DEFAULT_LIFETIME_DAYS) || !Number.isFinite(days) || days <= 0) {
      throw new Error(`"${entry}" must be TYPE=days with a memory type and a positive number`);
    }
    lifetimes[name as MemoryType] = days;
  }

  return lifetimes;
}
