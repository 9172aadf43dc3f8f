import { isScorable } from 'bench/support/locomo-dataset';
import type { LocomoConversation } from 'bench/support/locomo-dataset';
import { foldName } from 'src/entities/entity-names';
import { findMentions } from 'src/entities/find-mentions';

/** What an entity bridge could reach in LoCoMo's multi-hop questions (category 1), from the text alone. */
export interface MultiHopReach {
  questions: number;
  /** Questions naming something other than the two speakers. */
  namingOther: number;
  /** Of those, questions with an evidence turn naming that same thing. */
  evidenceNamesIt: number;
  /** Questions with two evidence turns that name one same thing other than the speakers (a bridge). */
  evidenceBridged: number;
  /** Per conversation and speaker, how many turns name the speaker: the fewest and the most. */
  speakerTurns: [number, number];
  /** The same over the observations (as `loadObservations` reads them). */
  speakerObservations: [number, number];
}

/** A name is a speaker when its first word is a speaker's first name or the start of it ("Mel"), as the gold says. */
function isSpeaker(key: string, speaker: string): boolean {
  const first = key.split(' ')[0] ?? '';

  return first.length >= 2 && speaker.startsWith(first);
}

function names(text: string): string[] {
  return findMentions(text, null)
    .map((m) => foldName(m.name))
    .filter((key) => key !== '');
}

function others(text: string, speakers: readonly string[]): string[] {
  return names(text).filter((key) => !speakers.some((s) => isSpeaker(key, s)));
}

/** The fewest and the most texts naming one speaker, over every conversation's speakers. */
function speakerRange(perConversation: readonly { speakers: string[]; texts: string[] }[]): [number, number] {
  const counts = perConversation.flatMap(({ speakers, texts }) => {
    const named = texts.map(names);

    return speakers.map((s) => named.filter((keys) => keys.some((k) => isSpeaker(k, s))).length);
  });

  return [Math.min(...counts), Math.max(...counts)];
}

/**
 * The multi-hop questions' reach: per question, the things it and its evidence turns name besides the speakers; and
 * how many turns and observations name each speaker.
 */
export function multiHopReach(
  conversations: readonly LocomoConversation[],
  observations: ReadonlyMap<string, readonly { content: string }[]>,
): MultiHopReach {
  const speakersOf = (conv: LocomoConversation): string[] => conv.speakers.map((s) => foldName(s).split(' ')[0] ?? '');
  const reach: MultiHopReach = {
    questions: 0,
    namingOther: 0,
    evidenceNamesIt: 0,
    evidenceBridged: 0,
    speakerTurns: speakerRange(
      conversations.map((c) => ({ speakers: speakersOf(c), texts: c.turns.map((t) => t.text) })),
    ),
    speakerObservations: speakerRange(
      conversations.map((c) => ({
        speakers: speakersOf(c),
        texts: (observations.get(c.id) ?? []).map((o) => o.content),
      })),
    ),
  };
  for (const conv of conversations) {
    const speakers = speakersOf(conv);
    const text = new Map(conv.turns.map((t) => [t.id, t.text]));
    for (const q of conv.questions.filter((x) => isScorable(x) && x.category === 1)) {
      reach.questions += 1;
      const named = others(q.question, speakers);
      const evidence = q.evidence.map((id) => new Set(others(text.get(id) ?? '', speakers)));
      reach.namingOther += named.length > 0 ? 1 : 0;
      reach.evidenceNamesIt += named.some((k) => evidence.some((e) => e.has(k))) ? 1 : 0;
      const seen = new Map<string, number>();
      evidence.forEach((e) => e.forEach((k) => seen.set(k, (seen.get(k) ?? 0) + 1)));
      reach.evidenceBridged += [...seen.values()].some((n) => n > 1) ? 1 : 0;
    }
  }

  return reach;
}
