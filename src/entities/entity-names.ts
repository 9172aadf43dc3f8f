import { EntityKind } from 'src/domain/entity.types';

/**
 * Folds a name to the key a mention is resolved by: case, diacritics, a possessive ("Ana's", "Anas'"), a leading
 * article and punctuation go ("The Big Apple" and "big apple" are one key). Linear: one pass of each replace.
 */
export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ø/gu, 'o')
    .replace(/æ/gu, 'ae')
    .replace(/['’](s)?(?=\s|$)/gu, '')
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .trim()
    .replace(/^(the|den|det)\s+/u, '')
    .replace(/\s+/gu, ' ');
}

/**
 * Names that mean the same thing, folded: places written short or in another language, organisations by their
 * initials. A rule knows these; the resolver adds the other form as a key, so either finds the entity.
 */
const SAME_THING: Partial<Record<EntityKind, readonly (readonly string[])[]>> = {
  [EntityKind.PLACE]: [
    ['new york city', 'nyc', 'new york', 'ny', 'big apple'],
    ['los angeles', 'la', 'l a'],
    ['san francisco', 'sf'],
    ['washington dc', 'dc', 'washington d c'],
    ['united kingdom', 'uk', 'great britain', 'britain'],
    ['united states', 'usa', 'us', 'america', 'united states of america'],
    ['copenhagen', 'kobenhavn', 'kbh', 'cph'],
    ['aarhus', 'arhus'],
    ['denmark', 'danmark'],
    ['germany', 'tyskland', 'deutschland'],
    ['sweden', 'sverige'],
    ['norway', 'norge'],
    ['rome', 'roma'],
    ['munich', 'munchen'],
    ['lisbon', 'lisboa'],
  ],
  [EntityKind.ORGANIZATION]: [
    ['international business machines', 'ibm'],
    ['google', 'alphabet'],
    ['meta', 'facebook'],
    ['united nations', 'un'],
    ['european union', 'eu'],
  ],
};

/** Short forms of first names (English and Danish), folded, each with the full forms it stands for. */
const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  bob: ['robert'],
  rob: ['robert'],
  bobby: ['robert'],
  bill: ['william'],
  will: ['william'],
  liz: ['elizabeth'],
  beth: ['elizabeth'],
  betty: ['elizabeth'],
  mike: ['michael'],
  mick: ['michael'],
  jim: ['james'],
  jimmy: ['james'],
  kate: ['katherine', 'catherine', 'kathrine'],
  katie: ['katherine', 'catherine'],
  cathy: ['catherine'],
  tom: ['thomas'],
  tommy: ['thomas'],
  dave: ['david'],
  chris: ['christopher', 'christian', 'christina', 'christine'],
  alex: ['alexander', 'alexandra'],
  sam: ['samuel', 'samantha'],
  ben: ['benjamin'],
  dan: ['daniel'],
  danny: ['daniel'],
  joe: ['joseph'],
  jen: ['jennifer'],
  jenny: ['jennifer'],
  nick: ['nicholas', 'nikolaj'],
  matt: ['matthew'],
  tony: ['anthony'],
  andy: ['andrew', 'anders'],
  steve: ['steven', 'stephen'],
  rick: ['richard'],
  dick: ['richard'],
  ed: ['edward'],
  ted: ['edward'],
  pat: ['patrick', 'patricia'],
  sue: ['susan'],
  meg: ['margaret'],
  maggie: ['margaret'],
  peggy: ['margaret'],
  mel: ['melanie', 'melissa'],
  abby: ['abigail'],
  gabe: ['gabriel'],
  jo: ['joanna', 'josephine'],
  fred: ['frederick', 'frederik'],
  rasmus: ['rasmus'],
  mads: ['mads'],
  kris: ['kristian', 'kristine'],
  stine: ['kristine', 'christine'],
  lasse: ['lars'],
  mette: ['margrethe'],
  hans: ['johannes'],
};

/** Every key a folded name of this kind is also known by (its same-thing forms, a nickname's full names). */
export function keysFor(kind: EntityKind, key: string): string[] {
  const keys = new Set([key]);
  for (const group of SAME_THING[kind] ?? []) {
    if (group.includes(key)) {
      group.forEach((k) => keys.add(k));
    }
  }
  if (kind === EntityKind.PERSON) {
    const [first, ...rest] = key.split(' ');
    for (const full of NICKNAMES[first ?? ''] ?? []) {
      keys.add([full, ...rest].join(' '));
    }
  }

  return [...keys];
}

/** The same-thing group's first form, so "NYC" and "New York City" share one entity key from the start. */
export function canonicalKey(kind: EntityKind, key: string): string {
  return SAME_THING[kind]?.find((group) => group.includes(key))?.[0] ?? key;
}

/** A clipped short form ("Deb", "Cal") is this many letters; the name it clips at least CLIPPED_FROM. */
const CLIP = 3;
const CLIPPED_FROM = 5;

/**
 * A clipping is one closed syllable, consonant-vowel-consonant ("Deb", "Cal", "Sam"); three letters that open or end
 * on a vowel are usually a name of their own ("Ana", not "Anakin"; "Eli", "Mia").
 */
const CLIPPING = /^[^aeiouy][aeiouy][^aeiouy]$/u;

/** Marks a stored clipping key ("~deb" on "Deborah"), so it never matches a name of its own ("Deb" is the key "deb"). */
export const CLIP_MARK = '~';

/** A person's first name long enough to be clipped ("deborah" -> "deb"), or null. */
export function clippedForm(key: string): string | null {
  const first = key.split(' ')[0] ?? '';
  const clipped = first.slice(0, CLIP);

  return first.length >= CLIPPED_FROM && /^\p{L}+$/u.test(first) && CLIPPING.test(clipped) ? clipped : null;
}

/** Whether a folded single name may be a clipped short form ("deb", "cal"). */
export function mayBeClipped(key: string): boolean {
  return /^\p{L}+$/u.test(key) && CLIPPING.test(key);
}
