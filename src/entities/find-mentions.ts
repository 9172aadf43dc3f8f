import nlp from 'compromise';
import { dan, eng } from 'stopword';

import { EntityKind } from 'src/domain/entity.types';

/** A thing a memory names, before resolution. `user`: the user themselves (a self-description, their name). */
export interface Mention {
  kind: EntityKind;
  name: string;
  user?: boolean;
}

/** Only so much of a memory is read for names: compromise's cost grows with the text. */
const MAX_TEXT = 600;

/** The slot values that name a thing, and what kind of thing. */
const SLOT_KINDS: Readonly<Record<string, EntityKind>> = {
  employer: EntityKind.ORGANIZATION,
  location: EntityKind.PLACE,
};

/** The user's own names: their value is an alias of the user's entity. */
const NAME_SLOTS = new Set(['name', 'nickname']);

// "my sister Ana", "our dog Rex", "min søster Ana", "vores hund Rex": a relation word, then a capitalised name
const RELATIONS =
  /\b(?:my|our|min|mit|mine|vores)\s+(?:(?:best|little|older|younger|big|bedste|lille|store|gamle)\s+)?(sister|brother|mom|mum|mother|dad|father|wife|husband|partner|boyfriend|girlfriend|fianc[ée]e?|friend|son|daughter|boss|colleague|coworker|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|niece|nephew|roommate|neighbou?r|søster|bror|mor|far|kone|mand|kæreste|ven|veninde|søn|datter|chef|kollega|fætter|kusine|moster|faster|morbror|farbror|mormor|farmor|morfar|farfar|nabo|dog|cat|puppy|kitten|horse|parrot|rabbit|hamster|hund|kat|hest|kanin)\s+(?:(?:named|called|der hedder|som hedder)\s+)?(\p{Lu}[\p{L}'’-]{1,30}(?:\s+\p{Lu}[\p{L}'’-]{1,30})?)/gu;
const PETS = new Set([
  'dog',
  'cat',
  'puppy',
  'kitten',
  'horse',
  'parrot',
  'rabbit',
  'hamster',
  'hund',
  'kat',
  'hest',
  'kanin',
]);

// capitalised words; one that is a common word ("The", "I", "Jeg") names nothing, so without another there is no name
// for compromise to find and it is not run
const CAPITALISED = /(?<![\p{L}\p{N}'’])\p{Lu}[\p{L}'’-]*/gu;
const COMMON = new Set([...eng, ...dan, 'i', 'im', 'ive', 'id', 'ill']);

function mayName(text: string): boolean {
  for (const [word] of text.matchAll(CAPITALISED)) {
    if (!COMMON.has(word.toLowerCase().replace(/['’]/gu, ''))) {
      return true;
    }
  }

  return false;
}

/** Words compromise tags as names that are not things: pronouns, weekdays and months, greetings. */
const NOT_NAMES = new Set([
  'i',
  'me',
  'user',
  'the user',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'today',
  'tomorrow',
  'yesterday',
  'hi',
  'hello',
  'thanks',
  'god',
]);

const EDGE = /^[\s"'“”(]+|[\s"'“”).,;:!?]+$/gu;

/** A span without lower-case words at its ends ("sister Ana" -> "Ana") and without edge punctuation. */
function tidy(text: string): string {
  const words = text.replace(EDGE, '').split(/\s+/u);
  let start = 0;
  let end = words.length;
  while (start < end && !/^\p{Lu}|^\p{N}/u.test(words[start] ?? '')) {
    start += 1;
  }
  while (end > start && !/^\p{Lu}|^\p{N}/u.test(words[end - 1] ?? '')) {
    end -= 1;
  }

  return words.slice(start, end).join(' ').replace(EDGE, '');
}

function textMentions(text: string): Mention[] {
  const found: Mention[] = [];
  for (const match of text.matchAll(RELATIONS)) {
    const relation = (match[1] ?? '').toLowerCase();
    found.push({ kind: PETS.has(relation) ? EntityKind.PET : EntityKind.PERSON, name: match[2] ?? '' });
  }
  if (!mayName(text)) {
    return found;
  }
  const doc = nlp(text);
  const tagged: [EntityKind, string][] = [
    [EntityKind.PERSON, '#Person+'],
    [EntityKind.PLACE, '#Place+'],
    [EntityKind.ORGANIZATION, '#Organization+'],
  ];
  for (const [kind, pattern] of tagged) {
    for (const span of doc.match(pattern).out('array') as string[]) {
      // compromise joins names across a comma ("Calvin, Tokyo")
      for (const name of span.split(/[,;]/u)) {
        found.push({ kind, name: tidy(name) });
      }
    }
  }

  return found;
}

/**
 * The things a memory names, without an LLM: its slot value (an employer, a place; a name slot names the user), the
 * people and pets a relation word introduces ("my sister Ana"), and the people, places and organisations compromise
 * tags (English-trained; on Danish it finds capitalised names). A self-description also mentions the user.
 */
export function findMentions(content: string, slot: { name: string; value: string } | null): Mention[] {
  const mentions: Mention[] = [];
  if (slot !== null) {
    mentions.push({ kind: EntityKind.PERSON, name: NAME_SLOTS.has(slot.name) ? slot.value : '', user: true });
    const kind = SLOT_KINDS[slot.name];
    if (kind) {
      mentions.push({ kind, name: slot.value });
    }
  }
  mentions.push(...textMentions(content.slice(0, MAX_TEXT)));
  const seen = new Set<string>();
  const userNames = new Set(mentions.filter((m) => m.user === true && m.name !== '').map((m) => m.name.toLowerCase()));

  return mentions.filter((mention) => {
    const name = mention.name.trim();
    if (mention.user !== true && (name.length < 2 || NOT_NAMES.has(name.toLowerCase()))) {
      return false;
    }
    // the user's own name, tagged again as a person, is the user
    if (mention.user !== true && mention.kind === EntityKind.PERSON && userNames.has(name.toLowerCase())) {
      return false;
    }
    const id = `${mention.kind}\u0000${name.toLowerCase()}\u0000${mention.user === true}`;
    if (seen.has(id)) {
      return false;
    }
    seen.add(id);

    return true;
  });
}
