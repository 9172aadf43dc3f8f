import { leadWords } from 'src/language/pattern-table';

/** Words that may open a request: "Actually, please forget ...". */
export const FILLER = leadWords([
  'please',
  'pls',
  'and',
  'also',
  'oh',
  'hey',
  'now',
  'actually',
  'ok',
  'okay',
  'so',
  'well',
  'btw',
  'sorry',
  'eh',
  'ugh',
  'hmm',
  'um',
  'nvm',
]);

// "I" at a clause start (the extractor splits sentences into clauses), after an optional adverb.
export const I = `^${leadWords(['and', 'but', 'so', 'also', 'oh', 'well', 'honestly', 'actually', 'btw', 'really'])}i`;
