import type { IntentLanguage } from 'src/memory/intent/intent.types';

const EMAIL = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/gu;
// a template placeholder: "<name>", "{company}", "[CITY]"
const PLACEHOLDER = /<[\p{L}_ ]{2,20}>|\{[\p{L}_ ]{2,20}\}|\[[\p{Lu}_ ]{2,20}\]/gu;
const TOKEN = /[\p{L}\p{N}]+|[?<>{}[\]@]/gu;

/** FNV-1a over the UTF-16 code units: a fixed, fast hash for the feature buckets. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }

  return h >>> 0;
}

/** A clause is read up to here: the expressions below are not linear on unbounded text (an e-mail shape scans ahead). */
export const MAX_CLAUSE_CHARS = 1000;

/** Lowercased words, with e-mail addresses, numbers and template placeholders each as one marker word. */
export function clauseTokens(clause: string): string[] {
  const text = clause
    .slice(0, MAX_CLAUSE_CHARS)
    .normalize('NFC')
    .replace(EMAIL, ' qemailq ')
    .replace(PLACEHOLDER, ' qplaceholderq ')
    .replace(/['’`]/gu, '')
    .toLowerCase();

  return (text.match(TOKEN) ?? []).map((token) => (/^\p{N}+$/u.test(token) ? 'qnumq' : token));
}

/**
 * The clause as hashed feature buckets (each once): word uni- and bigrams, character 3- to 5-grams of each word (for
 * typos and Danish compounds; `chars` false leaves them out) and the language. `bits` sets the table size (2^bits buckets).
 */
export function clauseFeatures(clause: string, lang: IntentLanguage, bits: number, chars = true): number[] {
  const mask = (1 << bits) - 1;
  const tokens = clauseTokens(clause);
  const buckets = new Set<number>();
  const add = (feature: string): void => {
    buckets.add(hash(feature) & mask);
  };
  add(`l:${lang}`);
  const padded = ['<s>', ...tokens, '</s>'];
  for (let i = 0; i < padded.length; i++) {
    const word = padded[i] ?? '';
    add(`w:${word}`);
    if (i + 1 < padded.length) {
      add(`b:${word} ${padded[i + 1] ?? ''}`);
    }
    if (chars && i > 0 && i < padded.length - 1 && word.length > 2) {
      const framed = `<${word}>`;
      for (let n = 3; n <= 5; n++) {
        for (let at = 0; at + n <= framed.length; at++) {
          add(`c:${framed.slice(at, at + n)}`);
        }
      }
    }
  }

  return [...buckets];
}
