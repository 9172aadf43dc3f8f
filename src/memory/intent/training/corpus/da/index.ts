import { actGroups } from 'src/memory/intent/training/corpus/da/acts';
import { factGroups } from 'src/memory/intent/training/corpus/da/facts';
import { vocabulary } from 'src/memory/intent/training/corpus/da/vocabulary';
import type { CorpusLanguage } from 'src/memory/intent/training/corpus/template-group';

export const DA_CORPUS: CorpusLanguage = {
  vocabulary,
  groups: [...factGroups, ...actGroups],
  prefixes: [
    'btw ',
    'forresten ',
    'nå men ',
    'hej! ',
    'lige en opdatering: ',
    'altså ',
    'så ',
    'haha ',
    'ok så ',
    'i øvrigt ',
    'bare så du ved det, ',
    'nyt: ',
    'hey, ',
    'nå ja, ',
    'øh ',
  ],
  suffixes: [' haha', ' :)', ' 😅', '!', ' btw', ' forresten', '.', ' 🎉', ' lol', '!!', ' bare så du ved det'],
};
