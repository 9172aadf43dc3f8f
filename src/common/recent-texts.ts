import { LRUCache } from 'lru-cache';

/** Longer texts are read afresh: a key holds its whole text, and long texts are rarely read twice. */
const CACHEABLE_CHARS = 2000;

/**
 * `read`, a pure function of a text, answering again from memory for the last `max` short texts it read. The write
 * path reads one text for slots and take-backs about ten times (intent, values, screening, separating facts), and each
 * reading runs some seventy expressions over it. Answers are frozen: they are shared by every caller.
 */
export function recentTexts<T>(read: (text: string) => T, max = 1024): (text: string) => T {
  const answers = new LRUCache<string, { value: T }>({ max });

  return (text) => {
    if (text.length > CACHEABLE_CHARS) {
      return read(text);
    }
    const known = answers.get(text);
    if (known !== undefined) {
      return known.value;
    }
    const value = read(text);
    answers.set(text, { value: typeof value === 'object' && value !== null ? Object.freeze(value) : value });

    return value;
  };
}
