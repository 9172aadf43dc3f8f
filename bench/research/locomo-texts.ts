/** Text forms shared by the LoCoMo lab and its embedding pre-warm, so both hash the same strings. */
import type { LocomoConversation, LocomoQuestion, LocomoTurn } from '../locomo/dataset';
import { turnContent } from '../locomo/dataset';

export { turnContent };

/** Content plus the shared image's automatic caption (what an importer could store for an image turn). */
export function turnWithCaption(turn: LocomoTurn): string {
  return turn.blipCaption ? `${turnContent(turn)} [shares ${turn.blipCaption}]` : turnContent(turn);
}

/** The previous turn of the same session (null for a session's first turn). */
export function previousTurn(conv: LocomoConversation, turn: LocomoTurn): LocomoTurn | null {
  const prev = conv.turns[turn.order - 1];
  return prev && prev.session === turn.session ? prev : null;
}

export function nextTurn(conv: LocomoConversation, turn: LocomoTurn): LocomoTurn | null {
  const next = conv.turns[turn.order + 1];
  return next && next.session === turn.session ? next : null;
}

/** Previous turn + this turn, as one text (what "index each turn with its preceding turn" embeds). */
export function turnPair(conv: LocomoConversation, turn: LocomoTurn): string {
  const prev = previousTurn(conv, turn);
  return prev ? `${turnWithCaption(prev)}\n${turnWithCaption(turn)}` : turnWithCaption(turn);
}

/** Removes the conversation's speaker names (and possessive 's) from a question. */
export function stripSpeakers(conv: LocomoConversation, question: string): string {
  let q = question;
  for (const s of conv.speakers) q = q.replace(new RegExp(`\\b${s}(?:'s|’s)?\\b`, 'gi'), ' ');
  return q.replace(/\s+/g, ' ').trim();
}

export function questionText(q: LocomoQuestion): string {
  return q.question;
}

/** Every text the lab may embed, in priority order. */
export function allEmbeddingTexts(convs: readonly LocomoConversation[]): string[][] {
  const content: string[] = [];
  const questions: string[] = [];
  const captions: string[] = [];
  const pairs: string[] = [];
  const stripped: string[] = [];
  for (const c of convs) {
    for (const t of c.turns) {
      content.push(turnContent(t));
      if (t.blipCaption) captions.push(turnWithCaption(t));
      pairs.push(turnPair(c, t));
    }
    for (const q of c.questions) {
      if (q.category === 5) continue;
      questions.push(q.question);
      stripped.push(stripSpeakers(c, q.question));
    }
  }
  return [content, questions, captions, stripped, pairs];
}
