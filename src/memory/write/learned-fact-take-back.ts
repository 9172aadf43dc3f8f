import { textWords } from 'src/common/text-words';

/**
 * What a take-back the classifier read names, when no pattern read it and it names no slot ("scrap the café plan, not
 * happening", "Det bliver ikke til noget med Skagen, glem det"): the one word of its first part that names a topic, a
 * name said in capitals first, else the longest. The write retires the nearest memories of no slot that name it.
 */

/** Words a take-back says around what it takes back, English and Danish. */
const NOT_A_TOPIC = new Set(
  (
    'scrap scratch drop forget ignore delete remove cancel cancelled called plan plans planned idea thing things stuff ' +
    'bit part happening anymore longer off over dead done gone that this it its the a an my our your not no never ' +
    'mind please pls ok okay so just now i me we you is are was were be been has have had user users their they them ' +
    'about with for and but of to in on at from also really actually sadly anyway going gonna won will would ' +
    'det den de dem jeg vi du er var har havde bliver blev ikke til noget med glem slet drop fjern aflyst mere ' +
    'længere planen idéen ideen tanken om af på i og men så bare lige alligevel'
  ).split(' '),
);
const MIN_LETTERS = 3;

/** The word `text` takes back, as a list for the write's fact take-back; null when it names none. */
export function takenBackTopic(text: string): string[] | null {
  const first = text.split(/[,;:!?.]/u).find((part) => part.trim() !== '') ?? '';
  const words = textWords(first).filter((word) => word.length >= MIN_LETTERS && !NOT_A_TOPIC.has(word));
  const named = first
    .split(/\s+/u)
    .slice(1)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .find((word) => /^\p{Lu}/u.test(word) && words.includes(word.toLowerCase()));
  const longest = [...words].sort((a, b) => b.length - a.length)[0];
  const topic = named?.toLowerCase() ?? longest;

  return topic === undefined ? null : [topic];
}
