/** Text forms shared by the LoCoMo lab and its embedding pre-warm, so both hash the same strings. */
import type { LocomoConversation, LocomoQuestion, LocomoTurn } from 'bench/support/locomo-dataset';
import { turnContent } from 'bench/support/locomo-dataset';

export { turnContent };

/** English stop words (NLTK list) + question words. Applied to queries only; the index keeps every word. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under again ' +
    'further then once here there when where why how all any both each few more most other some such no nor not only own ' +
    'same so than too very s t can will just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven ' +
    'isn ma mightn mustn needn shan shouldn wasn weren won wouldn would could might must shall may also whose ever ' +
    'kind type sort'
  ).split(' '),
);

/** Lower-cased words as FTS5 unicode61 sees them (apostrophes split words: "Caroline's" → caroline, s). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words worth a term vector: no stop words, no numbers, at least 3 letters. */
export function vocabularyWords(text: string): string[] {
  return words(text).filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !/^\d+$/.test(w));
}

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
  for (const s of conv.speakers) {
    q = q.replace(new RegExp(`\\b${s}(?:'s|’s)?\\b`, 'gi'), ' ');
  }

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
      if (t.blipCaption) {
        captions.push(turnWithCaption(t));
      }
      pairs.push(turnPair(c, t));
    }
    for (const q of c.questions) {
      if (q.category === 5) {
        continue;
      }
      questions.push(q.question);
      stripped.push(stripSpeakers(c, q.question));
    }
  }
  const vocab = new Set<string>();
  for (const c of convs) {
    for (const t of c.turns) {
      for (const w of vocabularyWords(`${t.text} ${t.blipCaption ?? ''}`)) {
        vocab.add(w);
      }
    }
    for (const q of c.questions) {
      if (q.category !== 5) {
        for (const w of vocabularyWords(q.question)) {
          vocab.add(w);
        }
      }
    }
  }

  return [content, questions, captions, stripped, pairs, [...vocab]];
}
