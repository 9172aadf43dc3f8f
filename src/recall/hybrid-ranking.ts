import type { RankingWeights } from 'src/recall/fusion-weights';
import {
  asksWhen,
  carriesTime,
  inWindow,
  nameCandidates,
  namedSubjects,
  subjectsOf,
  timeWindow,
} from 'src/recall/query-signals';
import type { TimeWindow } from 'src/recall/query-signals';
import { reciprocalRankFusion } from 'src/recall/ranking';

/**
 * The one ranking of the service, shared by `recall` (memories) and `searchMessages` (messages): text hits and
 * vector hits fused on their calibrated scores, conversation neighbours and graph edges lending score, the session
 * lending its best score, then soft boosts for the person, the date window and "when" questions the query names,
 * and a small prior. Pure functions; callers fetch hits, neighbours and records from their store and apply their
 * own modulation (importance, recency...) afterwards. Weights: src/recall/fusion-weights.ts.
 */

export interface Hit {
  id: string;
  /** Text hits: BM25 relevance (higher is better). Vector hits: cosine similarity. */
  score: number;
}

/** An item the ranking can score: a memory or a message, with what the structure needs to know about it. */
export interface Candidate {
  id: string;
  content: string;
  occurredAt: Date;
  /** Items of one session lend each other score (same conversation, same day); null: none. */
  session: string | null;
  /** The explicit author (a message's speaker); null: read from the content. */
  speaker?: string | null;
  /** The message it was extracted from: memories of one message lend each other score. */
  messageId?: string | null;
  /** Who said the message it was extracted from: a subject beside the one its content names. */
  author?: string | null;
}

/**
 * Who an item is about or by: a message's speaker alone (what it says about others is still theirs to say); for a
 * memory, the subject its content names and the author of the message it came from ("I love hiking", said by
 * Caroline, is Caroline's).
 */
export function candidateSubjects(candidate: Candidate): string[] {
  const subjects = subjectsOf(candidate.content, candidate.speaker);
  const author = candidate.author;
  if (candidate.speaker || !author || subjects.some((s) => sameName(s, author))) {
    return subjects;
  }

  return [...subjects, author];
}

/** `to` lends `share` of its fused score to `from` (directed: callers add both directions when both hold). */
export interface Lend {
  from: string;
  to: string;
  share: number;
}

export interface QuerySignals {
  window: TimeWindow | null;
  asksWhen: boolean;
  /** The query as asked. */
  query: string;
  /** Name-like words of the query; which are people is decided against the candidates' subjects. */
  names: readonly string[];
}

export function querySignals(query: string, reference: Date): QuerySignals {
  return { window: timeWindow(query, reference), asksWhen: asksWhen(query), query, names: nameCandidates(query) };
}

export interface Relevance {
  /** Cosine similarity; null when the item was not a vector hit. */
  vector: number | null;
  /** Full-text score; null when the item was not a text hit. */
  text: number | null;
  /** Score lent by conversation neighbours, graph edges and sibling memories; null when nothing was lent. */
  graph: number | null;
  /** Weighted reciprocal rank of the text and vector lists, for the explanation. */
  rrf: number;
  /** 0..1 */
  relevance: number;
}

export const NO_RELEVANCE: Relevance = { vector: null, text: null, graph: null, rrf: 0, relevance: 0 };

/** Text / best text score plus vector weight × min-max vector score: calibrated, so a clear winner stays ahead. */
export function fuseScores(text: readonly Hit[], vector: readonly Hit[], vectorWeight: number): Map<string, number> {
  const fused = new Map<string, number>();
  const bestText = Math.max(0, ...text.map((h) => h.score));
  for (const hit of text) {
    fused.set(hit.id, bestText > 0 ? hit.score / bestText : 1);
  }
  if (vector.length > 0) {
    const scores = vector.map((h) => h.score);
    const min = Math.min(...scores);
    const span = Math.max(...scores) - min;
    for (const hit of vector) {
      fused.set(hit.id, (fused.get(hit.id) ?? 0) + vectorWeight * (span > 0 ? (hit.score - min) / span : 1));
    }
  }

  return fused;
}

/** The `count` best fused ids, best first: the seeds whose neighbours are fetched. */
export function topIds(scores: ReadonlyMap<string, number>, count: number): string[] {
  return [...scores.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([id]) => id);
}

/** Neighbour propagation: g(i) = f(i) + Σ share · f(j) over what lends to i; items reached only this way join. */
export function propagate(fused: ReadonlyMap<string, number>, lends: readonly Lend[]): Map<string, number> {
  const out = new Map(fused);
  const seen = new Set<string>();
  for (const lend of lends) {
    const key = `${lend.from}\u0000${lend.to}`;
    const score = fused.get(lend.to) ?? 0;
    if (seen.has(key) || lend.from === lend.to || score <= 0) {
      continue;
    }
    seen.add(key);
    out.set(lend.from, (out.get(lend.from) ?? 0) + lend.share * score);
  }

  return out;
}

/** Conversation offsets (−2..2 turns, as `messageNeighbours` returns them) as lends in both directions. */
export function conversationLends(
  links: readonly { seedId: string; id: string; offset: number }[],
  weights: Pick<RankingWeights, 'next' | 'previous' | 'second'>,
): Lend[] {
  const share = (offset: number): number =>
    offset === 1 ? weights.next : offset === -1 ? weights.previous : Math.abs(offset) === 2 ? weights.second : 0;

  return links.flatMap((link) => [
    { from: link.seedId, to: link.id, share: share(link.offset) },
    { from: link.id, to: link.seedId, share: share(-link.offset) },
  ]);
}

/** Items of one session: each gains `weight` × the best score in its session (its own included). */
export function sessionContext(
  scores: ReadonlyMap<string, number>,
  sessionOf: (id: string) => string | null,
  weight: number,
): Map<string, number> {
  const best = new Map<string, number>();
  for (const [id, score] of scores) {
    const session = sessionOf(id);
    if (session !== null) {
      best.set(session, Math.max(best.get(session) ?? 0, score));
    }
  }
  const out = new Map<string, number>();
  for (const [id, score] of scores) {
    const session = sessionOf(id);
    out.set(id, score + (session === null ? 0 : weight * (best.get(session) ?? 0)));
  }

  return out;
}

/**
 * Multiplicative boosts and prior of one candidate: never a filter, a matching item can still lose. `subjects`: the
 * candidate's, when the caller has read them already.
 */
export function boostOf(
  candidate: Candidate,
  signals: QuerySignals,
  person: string | null,
  weights: Pick<RankingWeights, 'speaker' | 'date' | 'when' | 'length' | 'question'>,
  subjects: readonly string[] = person !== null ? candidateSubjects(candidate) : [],
): number {
  let boost = 1;
  if (person !== null && subjects.some((s) => sameName(s, person))) {
    boost *= weights.speaker;
  }
  if (signals.window !== null && inWindow(signals.window, candidate.occurredAt)) {
    boost *= weights.date;
  }
  if (signals.asksWhen && carriesTime(candidate.content)) {
    boost *= weights.when;
  }
  const words = candidate.content.split(/\s+/).filter((w) => w.length > 0).length;
  boost *= 1 + weights.length * Math.min(words / 40, 1);
  if (candidate.content.includes('?')) {
    boost *= 1 - weights.question;
  }

  return boost;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The one person the query names among the candidates' subjects (`candidateSubjects`), or null (none, or several: no boost). */
export function namedPerson(query: string, subjects: Iterable<readonly string[]>): string | null {
  const named = namedSubjects(query, [...subjects].flat());

  return named.length === 1 ? (named[0] ?? null) : null;
}

export interface RankInput {
  signals: QuerySignals;
  text: readonly Hit[];
  vector: readonly Hit[];
  /** Direct hits and every item reached through a neighbour, by id: hits and lends of anything else are left out. */
  candidates: ReadonlyMap<string, Candidate>;
  /** Conversation neighbours and graph edges (see `conversationLends`); siblings are found here from messageId. */
  lends: readonly Lend[];
  weights: RankingWeights;
  /** Entity signal: each id's share of the best fused score (src/recall/entity-signal.ts); none when absent. */
  entity?: ReadonlyMap<string, number>;
}

/**
 * Relevance of every candidate, best first. relevance = score / best score × how well the best item matched
 * (its fused text + vector score over the most it could have), so the top hit of a weak query is not "HIGH".
 */
export function rankCandidates(input: RankInput): Map<string, Relevance> {
  const { weights, candidates, signals } = input;
  const text = input.text.filter((h) => candidates.has(h.id));
  const vector = input.vector.filter((h) => candidates.has(h.id));
  const fused = fuseScores(text, vector, weights.vector);
  const lends = [
    ...input.lends.filter((l) => candidates.has(l.from) && candidates.has(l.to)),
    ...siblingLends(candidates, weights.sibling),
  ];
  const direct = withEntityShares(fused, input.entity, candidates);
  const propagated = propagate(direct, lends);
  const session = sessionContext(propagated, (id) => candidates.get(id)?.session ?? null, weights.session);
  // subjects are read once per candidate, and only when the query has a name-like word
  const subjects = new Map(
    signals.names.length > 0 ? [...candidates.values()].map((c) => [c.id, candidateSubjects(c)] as const) : [],
  );
  const person = subjects.size > 0 ? namedPerson(signals.query, subjects.values()) : null;
  const rrf = reciprocalRankFusion([
    { ids: text.map((h) => h.id), weight: 1 },
    { ids: vector.map((h) => h.id), weight: weights.vector },
  ]);
  const textScore = new Map(text.map((h) => [h.id, h.score]));
  const vectorScore = new Map(vector.map((h) => [h.id, h.score]));
  const raw = new Map<string, number>();
  for (const [id, score] of session) {
    const candidate = candidates.get(id);
    if (candidate !== undefined) {
      raw.set(id, score * boostOf(candidate, signals, person, weights, subjects.get(id)));
    }
  }
  const best = Math.max(0, ...raw.values());
  const bestFused = Math.max(0, ...fused.values());
  const strength = Math.min(1, bestFused / (1 + weights.vector));
  const out = new Map<string, Relevance>();
  for (const [id, score] of [...raw.entries()].sort((a, b) => b[1] - a[1])) {
    const lent = (propagated.get(id) ?? 0) - (direct.get(id) ?? 0);
    out.set(id, {
      text: textScore.get(id) ?? null,
      vector: vectorScore.get(id) ?? null,
      graph: lent > 1e-9 ? lent : null,
      rrf: rrf.get(id) ?? 0,
      relevance: best > 0 ? (score / best) * strength : 0,
    });
  }

  return out;
}

/** Fused scores with each candidate's entity share of the best fused score added; one only the signal found joins. */
export function withEntityShares(
  fused: ReadonlyMap<string, number>,
  shares: ReadonlyMap<string, number> | undefined,
  candidates: ReadonlyMap<string, Candidate>,
): Map<string, number> {
  const out = new Map(fused);
  const best = Math.max(0, ...fused.values());
  for (const [id, share] of shares ?? []) {
    if (candidates.has(id) && share > 0 && best > 0) {
      out.set(id, (out.get(id) ?? 0) + share * best);
    }
  }

  return out;
}

/** Candidates extracted from the same message lend each other `share` of their score. */
export function siblingLends(candidates: ReadonlyMap<string, Candidate>, share: number): Lend[] {
  const byMessage = new Map<string, string[]>();
  for (const c of candidates.values()) {
    if (c.messageId) {
      byMessage.set(c.messageId, [...(byMessage.get(c.messageId) ?? []), c.id]);
    }
  }
  const lends: Lend[] = [];
  for (const ids of byMessage.values()) {
    for (const from of ids) {
      for (const to of ids) {
        if (from !== to) {
          lends.push({ from, to, share });
        }
      }
    }
  }

  return lends;
}

/** Session key: the conversation and the UTC day (a conversation's sessions are days apart). */
export function sessionKey(conversation: string | null | undefined, at: Date): string | null {
  return conversation ? `${conversation}\u0000${at.toISOString().slice(0, 10)}` : null;
}
