/**
 * LoCoMo's session observations: short, self-contained, third-person statements an LLM extracted from each session
 * ("Caroline attended an LGBTQ support group recently and found the transgender stories inspiring."), each with
 * the dialog ids it came from. They are what an extractor writes, so the benchmark stores them the way a user of
 * `remember` / `importMemories` can (content, occurredAt = the session's date, the session as source channel) and
 * asks the same questions: an observation hit counts as a hit on the turns it cites.
 *
 * Read at run time from the shared folder like the rest of LoCoMo (never copied into the repository).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { defaultLocomoDir, normaliseEvidence, parseSessionDate } from 'bench/support/locomo-dataset';
import type { LocomoConversation } from 'bench/support/locomo-dataset';

export interface LocomoObservation {
  content: string;
  session: number;
  sessionDate: Date;
  /** The turns it was extracted from (cleaned like question evidence). */
  turnIds: string[];
}

export function loadObservations(conv: LocomoConversation, dir: string = defaultLocomoDir()): LocomoObservation[] {
  const root = JSON.parse(readFileSync(join(dir, `${conv.id}.json`), 'utf8')) as Record<string, unknown>;
  const known = new Set(conv.turnsById.keys());
  const out: LocomoObservation[] = [];
  for (const session of conv.sessions) {
    const bySpeaker = root[`session_${session.session}_observation`];
    if (typeof bySpeaker !== 'object' || bySpeaker === null) {
      continue;
    }
    for (const list of Object.values(bySpeaker as Record<string, unknown>)) {
      for (const entry of Array.isArray(list) ? list : []) {
        const [content, ids] = Array.isArray(entry) ? (entry as unknown[]) : [];
        if (typeof content !== 'string' || content.trim() === '') {
          continue;
        }
        const raw = (Array.isArray(ids) ? ids : [ids]).filter((id): id is string => typeof id === 'string');
        out.push({
          content,
          session: session.session,
          sessionDate: parseSessionDate(session.dateText),
          turnIds: normaliseEvidence(raw, known).evidence,
        });
      }
    }
  }

  return out;
}
