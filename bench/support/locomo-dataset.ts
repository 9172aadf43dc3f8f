/**
 * Typed loader for the LoCoMo benchmark (Maharana et al., ACL 2024).
 *
 * The data is read at run time from LOCOMO_DIR (or ENGRAM_SHARED_DIR/data/locomo); it must never be copied into the repository (the release states no licence).
 *
 * File layout (one JSON object per conversation, e.g. `26.json`): `speaker_a`, `speaker_b`,
 * `session_N` (array of turns `{speaker, dia_id, text, blip_caption?, query?, img_url?}`),
 * `session_N_date_time` ("1:56 pm on 8 May, 2023"; some conversations list dates for sessions that have no
 * turns: those are ignored), `qa` (array of `{question, answer | adversarial_answer, evidence, category}`),
 * plus LLM-made `session_N_observation`, `session_N_summary`, `events_session_N` that the retrieval
 * benchmark does not use.
 *
 * Evidence ids are cleaned (see `normaliseEvidence`): a few entries pack several ids into one string
 * ("D8:6; D9:17"), use a stray colon ("D:11:26") or a zero-padded turn ("D30:05"), are a bare "D", or point to
 * a turn that does not exist ("D10:19" in a 18-turn session). Packed / mis-punctuated / padded ids are
 * repaired; ids that still do not name an existing turn are dropped and kept in `droppedEvidence`.
 * A question left with no valid evidence has `evidence: []`: scorers must skip it (`isScorable`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { sharedPath } from 'test/support/paths';

export type LocomoCategory = 1 | 2 | 3 | 4 | 5;

/** Names used in common usage; the README warns they may be off by one: rely on the numeric id. */
export const LOCOMO_CATEGORY_NAMES: Readonly<Record<LocomoCategory, string>> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

export interface LocomoTurn {
  /** Dialog id as used by evidence, e.g. "D1:3" (session 1, turn 3). */
  id: string;
  conversationId: string;
  /** 1-based session number (N in `session_N`). */
  session: number;
  /** 1-based position of the turn inside its session. */
  turnInSession: number;
  /** 0-based position of the turn in the whole conversation (sessions in order). */
  order: number;
  speaker: string;
  text: string;
  /** Session start as written in the data, e.g. "1:56 pm on 8 May, 2023". */
  sessionDateText: string;
  /** Session start parsed as UTC (the data has no time zone). */
  sessionDate: Date;
  /** Automatic caption of an image the speaker shared, if any. */
  blipCaption: string | null;
  /**
   * The web search query the dataset authors used to find the shared image, if any. It often names what the
   * image shows in the question's own words ("painting sunrise"): treat it as privileged metadata.
   */
  imageQuery: string | null;
}

export interface LocomoSession {
  session: number;
  dateText: string;
  date: Date;
  turns: LocomoTurn[];
}

export interface LocomoQuestion {
  conversationId: string;
  /** 0-based position in the conversation's `qa` array. */
  index: number;
  question: string;
  /** `answer` (or `adversarial_answer` for category 5) as a string; null when absent. */
  answer: string | null;
  category: LocomoCategory;
  /** Cleaned evidence ids, each naming an existing turn, deduplicated, in data order. */
  evidence: string[];
  /** Evidence exactly as in the data. */
  rawEvidence: string[];
  /** Raw fragments that could not be mapped to an existing turn. */
  droppedEvidence: string[];
}

export interface LocomoConversation {
  /** File stem, e.g. "26". */
  id: string;
  speakers: [string, string];
  sessions: LocomoSession[];
  /** All turns in conversation order. */
  turns: LocomoTurn[];
  turnsById: ReadonlyMap<string, LocomoTurn>;
  questions: LocomoQuestion[];
}

export function defaultLocomoDir(): string {
  const dir = process.env.LOCOMO_DIR ?? sharedPath('data/locomo');
  if (dir === null) {
    throw new Error('LoCoMo is read from LOCOMO_DIR (or ENGRAM_SHARED_DIR/data/locomo): set one of them');
  }

  return dir;
}

const MONTHS: Readonly<Record<string, number>> = {
  january: 0,
  february: 1,
  march: 2,
  april: 3,
  may: 4,
  june: 5,
  july: 6,
  august: 7,
  september: 8,
  october: 9,
  november: 10,
  december: 11,
};

/** Parses "1:56 pm on 8 May, 2023" as UTC. Throws on anything else so format drift is noticed. */
export function parseSessionDate(text: string): Date {
  const m = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i.exec(text);
  const month = m ? MONTHS[(m[5] ?? '').toLowerCase()] : undefined;
  if (!m || month === undefined) {
    throw new Error(`LoCoMo: unparseable session date "${text}"`);
  }
  let hour = Number(m[1]) % 12;
  if ((m[3] ?? '').toLowerCase() === 'pm') {
    hour += 12;
  }

  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2])));
}

/**
 * Cleans raw evidence: splits packed entries on `;`, `,` and whitespace, accepts "D:11:26" and "D30:05"
 * (→ "D11:26", "D30:5"), keeps ids whose turn exists, deduplicates.
 */
export function normaliseEvidence(
  raw: readonly string[],
  known: ReadonlySet<string>,
): { evidence: string[]; dropped: string[] } {
  const evidence: string[] = [];
  const dropped: string[] = [];
  for (const entry of raw) {
    for (const piece of entry.split(/[;,\s]+/)) {
      if (piece === '') {
        continue;
      }
      const m = /^D:?(\d+):(\d+)$/i.exec(piece);
      const id = m ? `D${Number(m[1])}:${Number(m[2])}` : null;
      if (id !== null && known.has(id)) {
        if (!evidence.includes(id)) {
          evidence.push(id);
        }
      } else {
        dropped.push(piece);
      }
    }
  }

  return { evidence, dropped };
}

/** Categories 1-4 with at least one valid evidence turn. */
export function isScorable(q: LocomoQuestion): boolean {
  return q.category !== 5 && q.evidence.length > 0;
}

function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`LoCoMo: ${what} is not an object`);
  }

  return value as Record<string, unknown>;
}

function asString(value: unknown, what: string): string {
  if (typeof value !== 'string') {
    throw new Error(`LoCoMo: ${what} is not a string`);
  }

  return value;
}

function optString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function asCategory(value: unknown, what: string): LocomoCategory {
  if (value === 1 || value === 2 || value === 3 || value === 4 || value === 5) {
    return value;
  }
  throw new Error(`LoCoMo: ${what} has unknown category ${String(value)}`);
}

export function parseConversation(id: string, json: unknown): LocomoConversation {
  const root = asRecord(json, id);
  const speakers: [string, string] = [
    asString(root.speaker_a, `${id}.speaker_a`),
    asString(root.speaker_b, `${id}.speaker_b`),
  ];
  const sessionNumbers = Object.keys(root)
    .map((k) => /^session_(\d+)$/.exec(k))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);

  const sessions: LocomoSession[] = [];
  const turns: LocomoTurn[] = [];
  const turnsById = new Map<string, LocomoTurn>();
  for (const n of sessionNumbers) {
    const rawTurns = root[`session_${n}`];
    if (!Array.isArray(rawTurns) || rawTurns.length === 0) {
      continue;
    }
    const dateText = asString(root[`session_${n}_date_time`], `${id}.session_${n}_date_time`);
    const date = parseSessionDate(dateText);
    const session: LocomoSession = { session: n, dateText, date, turns: [] };
    rawTurns.forEach((rawTurn: unknown, i: number) => {
      const t = asRecord(rawTurn, `${id}.session_${n}[${i}]`);
      const diaId = asString(t.dia_id, `${id}.session_${n}[${i}].dia_id`).trim();
      const m = /^D(\d+):(\d+)$/.exec(diaId);
      const turn: LocomoTurn = {
        id: m ? `D${Number(m[1])}:${Number(m[2])}` : diaId,
        conversationId: id,
        session: n,
        turnInSession: m ? Number(m[2]) : i + 1,
        order: turns.length,
        speaker: asString(t.speaker, `${diaId}.speaker`),
        text: asString(t.text, `${diaId}.text`),
        sessionDateText: dateText,
        sessionDate: date,
        blipCaption: optString(t.blip_caption),
        imageQuery: optString(t.query),
      };
      if (turnsById.has(turn.id)) {
        throw new Error(`LoCoMo: duplicate turn id ${turn.id} in ${id}`);
      }
      turnsById.set(turn.id, turn);
      turns.push(turn);
      session.turns.push(turn);
    });
    sessions.push(session);
  }

  const known = new Set(turnsById.keys());
  const rawQa = root.qa;
  if (!Array.isArray(rawQa)) {
    throw new Error(`LoCoMo: ${id}.qa is not an array`);
  }
  const questions = rawQa.map((rawQ: unknown, index: number): LocomoQuestion => {
    const q = asRecord(rawQ, `${id}.qa[${index}]`);
    const rawEvidence = Array.isArray(q.evidence) ? q.evidence.filter((e): e is string => typeof e === 'string') : [];
    const { evidence, dropped } = normaliseEvidence(rawEvidence, known);
    const answerValue = q.answer ?? q.adversarial_answer;

    return {
      conversationId: id,
      index,
      question: asString(q.question, `${id}.qa[${index}].question`),
      answer:
        answerValue === undefined || answerValue === null
          ? null
          : typeof answerValue === 'string'
            ? answerValue
            : JSON.stringify(answerValue),
      category: asCategory(q.category, `${id}.qa[${index}]`),
      evidence,
      rawEvidence,
      droppedEvidence: dropped,
    };
  });

  return { id, speakers, sessions, turns, turnsById, questions };
}

/** Loads every `*.json` conversation in `dir`, sorted by file name. */
export function loadLocomo(dir: string = defaultLocomoDir()): LocomoConversation[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  if (files.length === 0) {
    throw new Error(`LoCoMo: no *.json files in ${dir}`);
  }

  return files.map((f) =>
    parseConversation(f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown),
  );
}

/** The memory content the benchmark imports for a turn: "Speaker: text". */
export function turnContent(turn: LocomoTurn): string {
  return `${turn.speaker}: ${turn.text}`;
}
