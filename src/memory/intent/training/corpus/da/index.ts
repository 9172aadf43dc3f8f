import { actGroups } from 'src/memory/intent/training/corpus/da/acts';
import { factGroups } from 'src/memory/intent/training/corpus/da/facts';
import { keepGroups, keepVocabulary } from 'src/memory/intent/training/corpus/da/keep';
import { paraphraseGroups } from 'src/memory/intent/training/corpus/da/paraphrases';
import { vocabulary } from 'src/memory/intent/training/corpus/da/vocabulary';
import { moreVocabulary } from 'src/memory/intent/training/corpus/da/vocabulary-more';
import type { CorpusLanguage } from 'src/memory/intent/training/corpus/template-group';

export const DA_CORPUS: CorpusLanguage = {
  vocabulary: { ...vocabulary, ...moreVocabulary, ...keepVocabulary },
  groups: [...factGroups, ...actGroups, ...paraphraseGroups, ...keepGroups],
  prefixes: [
    'kort fortalt, ',
    'gæt hvad, ',
    'til info: ',
    'for god ordens skyld, ',
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
  suffixes: [
    ', skal lige vænne mig til det',
    ', mere om det senere',
    ', vildt ikke?',
    ', ønsk mig held og lykke',
    ' haha',
    ' :)',
    ' 😅',
    '!',
    ' btw',
    ' forresten',
    '.',
    ' 🎉',
    ' lol',
    '!!',
    ' bare så du ved det',
  ],
};
