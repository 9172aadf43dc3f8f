import type { IntentLanguage, LabelledClause } from 'src/memory/intent/intent.types';
import type { CorpusLanguage, TemplateGroup } from 'src/memory/intent/training/corpus/template-group';
import { pick, seededRandom } from 'src/memory/intent/training/prng';

// only brackets with a "|" are choices: "[CITY]" is a template placeholder the corpus keeps as written
const CHOICE = /\[([^[\]]*\|[^[\]]*)\]/gu;
const SLOT = /\{(\w+)\}/gu;

export interface ExpandOptions {
  seed: number;
  /** Variants tried per template (duplicates are dropped). */
  perTemplate: number;
}

function fill(template: string, corpus: CorpusLanguage, random: () => number): string {
  return template
    .replace(CHOICE, (_whole, choices: string) => pick(random, choices.split('|')))
    .replace(SLOT, (whole, key: string) => {
      const words = corpus.vocabulary[key];

      return words ? pick(random, words) : whole;
    })
    .replace(/\s{2,}/gu, ' ')
    .trim();
}

/** Swaps two neighbouring letters in one longer word: the typos people make in chat. */
export function typo(text: string, random: () => number): string {
  const words = text.split(' ');
  const candidates = words.map((word, index) => ({ word, index })).filter(({ word }) => /^\p{L}{5,}$/u.test(word));
  if (candidates.length === 0) {
    return text;
  }
  const { word, index } = pick(random, candidates);
  const at = 1 + Math.floor(random() * (word.length - 2));
  words[index] = word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);

  return words.join(' ');
}

function roughen(text: string, corpus: CorpusLanguage, noisy: boolean, random: () => number): string {
  let out = text;
  if (noisy && random() < 0.35) {
    out = pick(random, corpus.prefixes) + out.charAt(0).toLowerCase() + out.slice(1);
  }
  if (random() < 0.3) {
    out = out.replace(/[.!]$/u, '') + pick(random, noisy ? corpus.suffixes : ['!', ' :)', '.', ' 🙂', '']);
  }
  if (random() < 0.3) {
    out = out.toLowerCase();
  }
  if (random() < 0.15) {
    out = out.replace(/'/gu, '');
  }
  if (noisy && random() < 0.08) {
    out = typo(out, random);
  }

  return out;
}

function expandGroup(
  group: TemplateGroup,
  corpus: CorpusLanguage,
  lang: IntentLanguage,
  options: ExpandOptions,
  random: () => number,
): LabelledClause[] {
  const seen = new Set<string>();
  const out: LabelledClause[] = [];
  for (const template of group.templates) {
    for (let i = 0; i < options.perTemplate; i++) {
      const text = roughen(fill(template, corpus, random), corpus, group.noisy !== false, random);
      if (!seen.has(text)) {
        seen.add(text);
        out.push({ text, lang, intent: group.intent, slots: group.slots, subject: group.subject });
      }
    }
  }

  return out;
}

/** Every template of the language filled from its vocabulary and roughened, seeded: the same list on every run. */
export function expandCorpus(corpus: CorpusLanguage, lang: IntentLanguage, options: ExpandOptions): LabelledClause[] {
  const random = seededRandom(options.seed);

  return corpus.groups.flatMap((group) => expandGroup(group, corpus, lang, options, random));
}
