import type { LanguageTable } from 'src/language/pattern-table';
import { detectRetraction } from 'src/language/retractions';
import type { SlotName } from 'src/language/slots';
import { firstMatch, LANGUAGE_TABLES, mentionedSlots } from 'src/language/tables';
import { ruleParts } from 'src/memory/write/clauses';

/**
 * Forget requests inside a longer sentence: "By the way, please forget where I work, I'd rather not ...", and a bare
 * "forget it" that points back at what was just said ("So the greyhound plan is off, please forget it", "... jeg har
 * en skadet ankel. Glem det."). Words, not patterns, decide what is bare: no expression sees the text here.
 */

export interface ClauseForget {
  kind: 'forget';
  patternId: string;
  query: string;
  slots: ReturnType<typeof mentionedSlots>;
}

const LEAD: ReadonlySet<string> = new Set([
  'please',
  'pls',
  'so',
  'and',
  'just',
  'then',
  'ok',
  'okay',
  'actually',
  'also',
  'og',
  'så',
  'bare',
  'altså',
  'men',
  'but',
]);
const TAIL: ReadonlySet<string> = new Set(['please', 'pls', 'tak', 'thanks', 'too', 'også', 'again', 'igen']);
const BARE: ReadonlySet<string> = new Set([
  'forget it',
  'forget that',
  'forget about it',
  'forget about that',
  'forget all that',
  'forget all of that',
  'scratch that',
  'never mind that',
  'nevermind that',
  'ignore that',
  'disregard that',
  'delete that',
  'delete it',
  'remove that',
  'drop that',
  'glem det',
  'glem dét',
  'glem alt om det',
  'glem alt det',
  'slet det',
  'slet det igen',
  // "I stepped down from the fire brigade, so that's no longer true"
  "that's no longer true",
  "that's no longer the case",
  'that is no longer true',
  'that is no longer the case',
  "that's not true anymore",
  "that's not the case anymore",
  "that's not true any more",
  'det passer ikke længere',
  'det gælder ikke længere',
  'det er ikke længere rigtigt',
]);
/** What a forget request says of a person it does not name: "anything about her", "everything about him". */
const POINTS_AT_SOMEONE =
  /^(?:(?:anything|everything|all|stuff|whatever you (?:know|have)) (?:about|of|on|regarding) )?(?:her|him|them|ham|hende|dem)[.!]?$/iu;
/** A point-back needs a statement of at least this many words to point at. */
const MIN_QUERY_WORDS = 3;

function trimPunctuation(word: string): string {
  let end = word.length;
  while (end > 0 && '.!,;:'.includes(word.charAt(end - 1))) {
    end -= 1;
  }

  return word.slice(0, end);
}

/** Whether `part` is only a request to forget what was just said: "please forget it", "Glem det." */
export function isBareForget(part: string): boolean {
  const words = part
    .toLowerCase()
    .replace(/[’‘]/gu, "'")
    .split(' ')
    .map(trimPunctuation)
    .filter((word) => word.length > 0);
  let start = 0;
  while (start < words.length && LEAD.has(words[start] ?? '')) {
    start += 1;
  }
  let end = words.length;
  while (end > start && TAIL.has(words[end - 1] ?? '')) {
    end -= 1;
  }

  return BARE.has(words.slice(start, end).join(' '));
}

/** A forget request that only points back: "slet den venligst", "forget it". */
const POINTER = /^(?:it|that|this|them|den|det|dem)(?:\s+(?:please|pls|venligst|igen|lige|tak))?$/iu;

/** The one slot `text` names, else none: "I don't want my email stored" speaks of the email, "my age and city" of two. */
function oneSlot(text: string, tables: readonly LanguageTable[]): SlotName[] {
  const named = mentionedSlots(text, tables);

  return named.length === 1 ? named : [];
}

/**
 * The slots a forget request names; when it only points back ("Du behøver ikke huske min alder, slet den"), the one
 * slot the words it points at name.
 */
export function forgetSlots(query: string, pointedAt: string, tables: readonly LanguageTable[]): SlotName[] {
  const named = mentionedSlots(query, tables);

  return named.length > 0 || !POINTER.test(query.trim().replace(/[.!]+$/u, '')) ? named : oneSlot(pointedAt, tables);
}

const wordCount = (text: string): number => text.split(' ').filter((word) => word.length > 0).length;

/**
 * A forget request in a clause of `sentence` (normalised, one space between words), or a bare "forget it" at its end
 * that points at the rest of the sentence, else at `previous` (the sentence before it). Null when there is none.
 */
export function forgetInClauses(
  sentence: string,
  previous: string | null,
  tables: readonly LanguageTable[] = LANGUAGE_TABLES,
): ClauseForget | null {
  const parts = ruleParts(sentence);
  for (const part of parts.length > 1 ? parts : []) {
    const found = firstMatch(part, ['forget'], tables);
    if (found) {
      const query = found.match.value;
      const before = parts.filter((other) => other !== part).join(', ');
      // "Astrid and I aren't together anymore, so please forget anything about her": the rest says who
      if (POINTS_AT_SOMEONE.test(query) && wordCount(before) >= MIN_QUERY_WORDS) {
        const taken = detectRetraction(before)?.slot;

        return { kind: 'forget', patternId: 'point-back', query: before, slots: taken ? [taken] : [] };
      }

      return { kind: 'forget', patternId: found.patternId, query, slots: forgetSlots(query, before, tables) };
    }
  }
  const last = parts[parts.length - 1];
  if (last === undefined || !isBareForget(last)) {
    return null;
  }
  const before = parts.slice(0, -1).join(', ');
  const query = wordCount(before) >= MIN_QUERY_WORDS ? before : previous;
  if (query === null || wordCount(query) < MIN_QUERY_WORDS) {
    return null;
  }

  return { kind: 'forget', patternId: 'point-back', query, slots: oneSlot(query, tables) };
}
