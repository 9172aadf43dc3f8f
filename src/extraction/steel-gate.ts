import { z } from 'zod';

import { MemoryType } from 'src/domain/memory.enums';
import { detectUserClaim } from 'src/language/slots';
import { guardFact, looksLikeQuestion } from 'src/memory/guards/firewall';

/** Importance and confidence as the LLM names them; the gate maps them to numbers. */
export const IMPORTANCE_LEVELS = { trivial: 0.1, low: 0.3, medium: 0.5, high: 0.7, critical: 0.9 } as const;
export const CONFIDENCE_LEVELS = {
  speculative: 0.3,
  possible: 0.5,
  likely: 0.7,
  confident: 0.85,
  certain: 0.95,
} as const;

type ImportanceLevel = keyof typeof IMPORTANCE_LEVELS;
type ConfidenceLevel = keyof typeof CONFIDENCE_LEVELS;

/** One candidate as the extraction prompt asks for it (also the JSON schema sent to the model). */
export const candidateSchema = z.strictObject({
  turn: z.number().int().describe('index of the new turn the memory comes from'),
  type: z.enum(Object.values(MemoryType) as [MemoryType, ...MemoryType[]]),
  content: z.string(),
  importance: z.enum(Object.keys(IMPORTANCE_LEVELS) as [ImportanceLevel, ...ImportanceLevel[]]),
  confidence: z.enum(Object.keys(CONFIDENCE_LEVELS) as [ConfidenceLevel, ...ConfidenceLevel[]]),
  tags: z.array(z.string()),
  store: z.boolean(),
  reason: z.string(),
});

/** The envelope only: candidates are checked one by one, so one bad candidate never costs the good ones. */
export const extractionAnswerSchema = z.strictObject({ candidates: z.array(candidateSchema) });
export const extractionEnvelopeSchema = z.object({ candidates: z.array(z.unknown()).max(50) });

export interface GateTurn {
  index: number;
  /** The user's own words (a GUARDIAN USER message). */
  text: string;
}

export interface GateInput {
  candidates: readonly unknown[];
  /** The new turns the candidates may cite; nothing else counts as what the user said. */
  turns: readonly GateTurn[];
  /** Text the service itself wrote and handed out (summaries, bulletin, recalled memories). */
  injected: readonly string[];
}

export interface GatedCandidate {
  turn: number;
  type: MemoryType;
  content: string;
  importance: number;
  confidence: number;
  tags: string[];
}

export interface GateVerdict {
  accepted: GatedCandidate[];
  rejected: { content: string | null; reason: string }[];
}

export const CONTENT_CHARS = { min: 8, max: 400 } as const;
const TAG = /^[a-z0-9][a-z0-9-]{0,31}$/u;
const PLACEHOLDER =
  /\[[^\]]*\]|\{[^}]*\}|<[^>]+>|\b(?:placeholder|lorem ipsum|todo: ?fill|xxx+|n\/a|tbd|unknown user)\b/iu;
const RELATIVE_TIME =
  /\b(?:today|tonight|tomorrow|yesterday|next (?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|last (?:week|month|year|night)|this (?:morning|afternoon|evening|week|weekend)|in \d+ (?:days?|weeks?)|\d+ (?:days?|weeks?|months?) ago)\b/iu;
const STOP = new Set(
  'the a an and or but of to in on at for with from by is are was were be been has have had user users their they them this that these those who which what when where about into over than then also very just not'.split(
    ' ',
  ),
);

function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

function contentWords(text: string): Set<string> {
  return new Set(words(text).filter((w) => (w.length >= 3 || /\d/u.test(w)) && !STOP.has(w)));
}

/** Shared words a light stemmer would agree on: "allergic"/"allergy" and "moved"/"moving" share their first 5 letters. */
function stemOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const stems = new Set([...b].map((w) => w.slice(0, 5)));

  return [...a].filter((w) => stems.has(w.slice(0, 5))).length;
}

/** Names and numbers of an identity claim must be the user's own words, never the assistant's or the model's. */
function ungroundedIdentity(content: string, turn: string): string[] {
  const said = new Set(words(turn));
  const tokens = content.normalize('NFKC').match(/[\p{L}\p{N}](?:[\p{L}\p{N}'.-]*[\p{L}\p{N}])?/gu) ?? [];
  const key = tokens.slice(1).filter((t) => /^\p{Lu}/u.test(t) || /\d/u.test(t));

  return key.filter((t) => !words(t).every((w) => said.has(w)));
}

function restatesInjected(content: string, injected: readonly string[]): boolean {
  const mine = contentWords(content);
  if (mine.size === 0) {
    return false;
  }
  const normalised = words(content).join(' ');
  for (const text of injected) {
    for (const line of text.split(/\n+/u)) {
      const theirs = contentWords(line);
      if (theirs.size === 0) {
        continue;
      }
      const shared = [...mine].filter((w) => theirs.has(w)).length;
      if (words(line).join(' ').includes(normalised) || shared / new Set([...mine, ...theirs]).size >= 0.7) {
        return true;
      }
    }
  }

  return false;
}

function judge(raw: unknown, input: GateInput): GatedCandidate | string {
  const parsed = candidateSchema.safeParse(raw);
  if (!parsed.success) {
    return `schema: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'candidate'} ${i.message}`).join('; ')}`;
  }
  const c = parsed.data;
  if (!c.store) {
    return `model declined: ${c.reason.slice(0, 200)}`;
  }
  const content = c.content.trim().replace(/\s+/gu, ' ');
  if (content.length < CONTENT_CHARS.min || content.length > CONTENT_CHARS.max) {
    return `content must be ${CONTENT_CHARS.min}-${CONTENT_CHARS.max} characters, got ${content.length}`;
  }
  const turn = input.turns.find((t) => t.index === c.turn);
  if (!turn) {
    return `cites turn ${c.turn}, which is not one of the new user turns`;
  }
  const tags = [...new Set(c.tags.map((t) => t.trim()))];
  if (tags.length < 1 || tags.length > 4 || !tags.every((t) => TAG.test(t))) {
    return 'tags must be 1-4 lowercase words';
  }
  if (looksLikeQuestion(content)) {
    return 'a question, not a memory';
  }
  if (PLACEHOLDER.test(content)) {
    return 'contains a placeholder';
  }
  const firewall = guardFact(content);
  if (!firewall.ok) {
    return firewall.reason;
  }
  if (RELATIVE_TIME.test(content)) {
    return 'not self-contained: a relative date instead of an absolute one';
  }
  if (c.confidence === 'speculative' || c.importance === 'trivial') {
    return `too weak to keep (${c.confidence}, ${c.importance})`;
  }
  if (stemOverlap(contentWords(content), contentWords(turn.text)) === 0) {
    return 'not grounded in the user turn it cites';
  }
  if (c.type === MemoryType.IDENTITY || detectUserClaim(content) !== null) {
    const ungrounded = ungroundedIdentity(content, turn.text);
    if (ungrounded.length > 0) {
      return `identity from text the user did not write (${ungrounded.join(', ')})`;
    }
  }
  if (restatesInjected(content, input.injected)) {
    return 'restates text the service injected (summary, bulletin or recalled memory)';
  }

  return {
    turn: c.turn,
    type: c.type,
    content,
    importance: IMPORTANCE_LEVELS[c.importance],
    confidence: CONFIDENCE_LEVELS[c.confidence],
    tags,
  };
}

/**
 * The deterministic gate between the LLM and the write path: every candidate is checked on its own (schema, enums,
 * lengths, tags, no questions or placeholders, absolute dates, grounded in the user turn it cites, identity only
 * from the user's own words, never a restatement of injected text). Same input, same verdict.
 */
export function steelGate(input: GateInput): GateVerdict {
  const verdict: GateVerdict = { accepted: [], rejected: [] };
  const seen = new Set<string>();
  for (const raw of input.candidates) {
    const result = judge(raw, input);
    if (typeof result === 'string') {
      const content =
        typeof raw === 'object' && raw !== null && 'content' in raw ? String(raw.content).slice(0, 200) : null;
      verdict.rejected.push({ content, reason: result });
    } else if (seen.has(result.content.toLowerCase())) {
      verdict.rejected.push({ content: result.content, reason: 'duplicate of another candidate' });
    } else {
      seen.add(result.content.toLowerCase());
      verdict.accepted.push(result);
    }
  }

  return verdict;
}
