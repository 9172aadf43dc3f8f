import type { FillerEntry } from 'src/language/filler';

export const DA_FILLER: readonly FillerEntry[] = [
  {
    id: 'da.filler.lead.aside',
    kind: 'lead',
    phrases: ['forresten', 'i øvrigt', 'nå', 'nå men', 'nåh', 'nå ja', 'altså', 'bare så du ved det', 'hejsa', 'hej'],
    examples: [{ text: 'Forresten, mit kaldenavn er Fie', value: 'mit kaldenavn er Fie' }],
  },
  {
    id: 'da.filler.lead.announce',
    kind: 'lead',
    phrases: ['det viser sig at', 'jeg skal lige nævne at', 'jeg skal lige sige at', 'den store nyhed er at'],
    examples: [{ text: 'Den store nyhed er at vi er flyttet til Vejle', value: 'vi er flyttet til Vejle' }],
  },
  {
    id: 'da.filler.lead.news',
    kind: 'lead',
    marked: true,
    phrases: ['kort opdatering', 'lille opdatering', 'opdatering', 'nyhed', 'nyheder'],
    examples: [
      { text: 'Kort opdatering: jeg bor i Ribe nu', value: 'jeg bor i Ribe nu' },
      { text: 'Opdatering af min adresse følger', value: 'Opdatering af min adresse følger' },
    ],
  },
  {
    id: 'da.filler.trail',
    kind: 'trail',
    phrases: ['forresten', 'i øvrigt', 'bare så du ved det', 'altså'],
    examples: [{ text: 'Jeg hedder Ditte, forresten', value: 'Jeg hedder Ditte' }],
  },
];
