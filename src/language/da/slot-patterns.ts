import {
  ADV,
  cleanName,
  cleanPlace,
  DA_LANGUAGES,
  JEG,
  LEAD,
  OCCUPATIONS,
  subjectFirst,
  TIMEZONE,
} from 'src/language/da/words';
import { regexPattern, trimValue } from 'src/language/pattern-table';
import type { ExtractionPattern, PatternExample } from 'src/language/pattern-table';
import type { SlotName } from 'src/language/slots';

function slotExamples(slot: SlotName, examples: [string, string | null][]): PatternExample[] {
  return examples.map(([text, value]) => (value === null ? { text, value } : { text, value, slot }));
}

/** The Danish slot statements ("jeg hedder ...", "jeg bor i ...", ...), in the order the table tries them. */
export const DANISH_SLOT_PATTERNS: ExtractionPattern[] = [
  regexPattern({
    id: 'da.slot.name',
    kind: 'slot',
    slot: 'name',
    pattern: new RegExp(String.raw`(?:${JEG} hedder|${LEAD}mit (?:fulde |rigtige |nye )?navn er) ${ADV}(?<v>.+)$`, 'u'),
    prepare: subjectFirst,
    clean: cleanName,
    examples: slotExamples('name', [
      ['Jeg hedder Anders Jensen', 'Anders Jensen'],
      ['Hej, jeg hedder Mette og bor i Odense', 'Mette'],
      ['Mit navn er Søren', 'Søren'],
      ['Min søster hedder Eva', null],
      ['Faktisk er mit navn Karin', 'Karin'],
      ['Jeg hedder faktisk Svend', 'Svend'],
      ['Hvad hedder du?', null],
    ]),
  }),
  regexPattern({
    id: 'da.slot.age',
    kind: 'slot',
    slot: 'age',
    pattern: new RegExp(
      String.raw`(?:${JEG} er (?:lige fyldt |nu |snart |blevet |lige blevet )?|${JEG} (?:er )?fyldt |${JEG} fyldte |${LEAD}min alder er )(?<v>\d{1,3})(?: år(?: gammel)?)?(?=\s*(?:$|[.,!;]|i dag|i går|i sidste|nu\b|og\b))`,
      'u',
    ),
    clean: (value) => (Number(value) > 0 && Number(value) <= 130 ? value : null),
    examples: slotExamples('age', [
      ['Jeg er 34 år gammel', '34'],
      ['jeg er 41 år', '41'],
      ['Jeg er lige fyldt 50', '50'],
      ['Jeg er blevet 35 nu', '35'],
      ['Jeg er 2 timer forsinket', null],
      ['Min datter er 7 år', null],
    ]),
  }),
  regexPattern({
    id: 'da.slot.location',
    kind: 'slot',
    slot: 'location',
    pattern: new RegExp(
      String.raw`(?:${JEG} (?:bor|lever|er bosat) ${ADV}i|${LEAD}(?:jeg|vi) (?:er |har )?${ADV}(?:lige )?(?:flyttet|flytter|flyttede) ${ADV}(?:fra \S+(?: \S+)? )?til|${LEAD}vi (?:bor|lever) ${ADV}i|${LEAD}min (?:hjemby|by) er) ${ADV}(?<v>.+)$`,
      'u',
    ),
    prepare: subjectFirst,
    clean: cleanPlace,
    examples: slotExamples('location', [
      ['Jeg bor i København', 'København'],
      ['Jeg er lige flyttet til Aarhus', 'Aarhus'],
      ['jeg er flyttet til hillerød, helsingør var for dyrt', 'hillerød'],
      ['jeg bor i New York og arbejder i en bank', 'New York'],
      ['Jeg bor i et lille hus', null],
      ['Min mor bor i Vejle', null],
      ['Nu bor jeg i Odense', 'Odense'],
      ['Vi flyttede til Holbæk i august', 'Holbæk'],
      ['Jeg er flyttet fra Vejle til Horsens', 'Horsens'],
      ['Min søster flyttede til Holbæk', null],
    ]),
  }),
  regexPattern({
    id: 'da.slot.timezone',
    kind: 'slot',
    slot: 'timezone',
    pattern: new RegExp(
      String.raw`(?:${LEAD}min tidszone er|${JEG} er i) (?<v>${TIMEZONE})(?:[- ]?tidszonen)?(?=$|[\s.,!;])`,
      'u',
    ),
    clean: (value) =>
      trimValue(value)
        .toUpperCase()
        .replace(/^([A-Z]+\/)/u, (prefix) => prefix.charAt(0) + prefix.slice(1).toLowerCase()),
    examples: slotExamples('timezone', [
      ['Min tidszone er CET', 'CET'],
      ['Jeg er i UTC+2', 'UTC+2'],
      ['Jeg er i haven', null],
    ]),
  }),
  regexPattern({
    id: 'da.slot.employer',
    kind: 'slot',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`(?:${JEG} (?:arbejder|er ${ADV}ansat) ${ADV}(?:hos|for|ved)|${JEG} er ${ADV}ansat i|${JEG} er ${ADV}(?:hos|ved)|${JEG} (?:er |har )?${ADV}(?:lige )?(?:startet|begyndt) (?:hos|på|ved)|${JEG} har ${ADV}(?:lige )?fået (?:et )?(?:nyt )?job (?:hos|på|ved)|${LEAD}min (?:nye )?arbejdsgiver er) ${ADV}(?<v>.+)$`,
      'u',
    ),
    prepare: subjectFirst,
    clean: cleanName,
    examples: slotExamples('employer', [
      ['Jeg arbejder hos Novo Nordisk', 'Novo Nordisk'],
      ['jeg er ansat ved Aarhus Universitet', 'Aarhus Universitet'],
      ['Min kæreste arbejder hos Lego', null],
      ['Jeg arbejder nu hos Vestas', 'Vestas'],
      ['Nu arbejder jeg hos Grundfos', 'Grundfos'],
      ['Nu er jeg ansat hos DSV', 'DSV'],
      ['Jeg har lige fået nyt job hos Maersk', 'Maersk'],
    ]),
  }),
  // "jeg er skiftet til Nordea": a change of employer, a name
  regexPattern({
    id: 'da.slot.employer.skiftet',
    kind: 'slot',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${JEG} (?:er |har )?${ADV}(?:lige )?(?:skiftet|skiftede|skifter) (?:job |arbejde |arbejdsplads )?${ADV}til (?<v>.+)$`,
      'u',
    ),
    prepare: subjectFirst,
    clean: (value) => {
      const name = cleanName(value);

      return name !== null && /^\p{Lu}/u.test(name) ? name : null;
    },
    examples: slotExamples('employer', [
      ['Jeg er skiftet til Nordea.', 'Nordea'],
      ['Jeg har skiftet job til Netcompany', 'Netcompany'],
      ['Jeg er skiftet til havremælk', null],
    ]),
  }),
  ...[
    {
      id: 'da.personal.diet',
      source: String.raw`${JEG} er ${ADV}(?<v>vegetar|veganer|pescetar|diabetiker|gravid|allergisk over for [\p{L} ,-]{2,40}?|(?:laktose|gluten)intolerant)(?=$|[.,!;]| og\b)`,
      examples: [
        { text: 'Jeg er vegetar', value: 'vegetar' },
        { text: 'Min søn er vegetar', value: null },
      ],
    },
    {
      id: 'da.personal.condition',
      source: String.raw`${JEG} (?:har|lider af|døjer med) ${ADV}(?<v>sukkersyge|diabetes|type [12]-diabetes|astma|epilepsi|adhd|autisme|ordblindhed|migræne|gigt|leddegigt|cøliaki|nøddeallergi|jordnøddeallergi|pollenallergi|høfeber|forhøjet blodtryk|tinnitus|psoriasis|eksem|endometriose|depression|angst|sklerose|søvnapnø)(?=$|[.,!;]| og\b| men\b)`,
      examples: [
        { text: 'Jeg har sukkersyge.', value: 'sukkersyge' },
        { text: 'Min mor har astma', value: null },
      ],
    },
    {
      id: 'da.personal.partner',
      source: String.raw`${JEG} er ${ADV}(?:gift|forlovet) med (?<v>\p{L}[\p{L}'-]*)`,
      examples: [
        { text: 'Jeg er gift med Peter', value: 'Peter' },
        { text: 'Min bror er gift med Eva', value: null },
      ],
    },
    {
      id: 'da.personal.possession',
      source: String.raw`${JEG} (?:har|ejer) (?:en|et|to|tre|fire|\d+) (?!(?:spørgsmål|idé|ide|problem|møde|aftale)\b)(?<v>[\p{L}\p{N}' -]{2,40}?)(?=$|[.,!;]| (?:og|men|som|der)\b)`,
      examples: [
        { text: 'Jeg har en hund, der hedder Bella', value: 'hund' },
        { text: 'Jeg har et spørgsmål', value: null },
      ],
    },
    {
      id: 'da.personal.member',
      source: String.raw`${JEG} er ${ADV}medlem af (?:en|et|den|det) (?<v>[\p{L}\p{N}' -]{2,40}?)(?=$|[.,!;]| (?:og|men|som|der)\b)`,
      examples: [
        { text: 'Jeg er medlem af en løbeklub', value: 'løbeklub' },
        { text: 'Han er medlem af en klub', value: null },
      ],
    },
    {
      id: 'da.personal.smoker',
      source: String.raw`${JEG} (?<v>ryger|damper|drikker ikke)(?=$|[.,!;]| (?:og|men|cirka|omkring|\d+)\b)`,
      examples: [
        { text: 'Jeg ryger', value: 'ryger' },
        { text: 'Jeg ryger ud af døren', value: null },
      ],
    },
  ].map(({ id, source, examples }) =>
    regexPattern({ id, kind: 'trait', pattern: new RegExp(source, 'u'), prepare: subjectFirst, examples }),
  ),
  regexPattern({
    id: 'da.slot.nickname',
    kind: 'slot',
    slot: 'nickname',
    pattern: new RegExp(
      String.raw`${LEAD}(?:kald mig|du kan kalde mig|jeg kaldes|alle kalder mig|mit (?:nye )?kaldenavn er|(?:jeg )?vil (?:jeg )?(?:hellere|gerne|helst) kaldes) ${ADV}(?:bare |gerne |hellere )?(?<v>.+)$`,
      'u',
    ),
    clean: (value) => {
      // "Niels, Nisse er lidt barnligt": a nickname ends at the comma
      const name = cleanName(value.split(',')[0] ?? '');

      return name !== null && /^\p{Lu}/u.test(name) ? name : null;
    },
    examples: slotExamples('nickname', [
      ['Kald mig bare Freddy', 'Freddy'],
      ['Nej, kald mig hellere Susse.', 'Susse'],
      ['Mit kaldenavn er Fie', 'Fie'],
      ['Alle kalder mig Madsen nu', 'Madsen'],
      ['Faktisk vil jeg hellere kaldes Niels, Nisse er lidt barnligt', 'Niels'],
      ['Kald mig i morgen', null],
    ]),
  }),
  regexPattern({
    id: 'da.slot.email',
    kind: 'slot',
    slot: 'email',
    pattern: new RegExp(
      String.raw`(?:${LEAD}min (?:nye |nuværende )?(?:e-?mail|mail)(?:-?adresse)? er|${LEAD}(?:brug|skriv til|send til)(?: hellere| bare| gerne| nu)?(?: min (?:nye )?(?:e-?mail|mail)(?:-?adresse)?)?) ${ADV}(?<v>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)`,
      'u',
    ),
    examples: slotExamples('email', [
      ['Min nye email er mette.h@example.dk', 'mette.h@example.dk'],
      ['Min mail er ikke vigtig', null],
      // the address the user asks to be written to is theirs
      ['Brug hellere pia.nygaard@gmail.com, den gamle tjekker jeg aldrig.', 'pia.nygaard@gmail.com'],
      ['Skriv til hans mail', null],
    ]),
  }),
  // "Svar altid på dansk", "Skriv til mig på engelsk fremover": the language the user wants answers in
  regexPattern({
    id: 'da.slot.language.answer-in',
    kind: 'slot',
    slot: 'language',
    pattern: new RegExp(
      String.raw`(?:(?:^|[,;:]\s*)(?:og |venligst |så )?(?:svar|skriv|tal)(?: mig| til mig)?(?: altid| kun| bare| gerne| venligst)*(?: til mig| mig)?|` +
        String.raw`\b(?:have|få) (?:mine |dine )?svar|\bmit (?:modersmål|førstesprog|foretrukne sprog|hovedsprog) er)` +
        String.raw` (?:på )?(?<v>${DA_LANGUAGES})(?!\p{L})`,
      'iu',
    ),
    examples: slotExamples('language', [
      ['Svar altid på dansk, også når jeg skriver på engelsk', 'dansk'],
      ['Skriv til mig på engelsk fremover', 'engelsk'],
      ['Svar mig gerne på engelsk', 'engelsk'],
      ['Jeg vil hellere have svar på dansk fremover', 'dansk'],
      ['Mit modersmål er islandsk, men jeg taler også dansk', 'islandsk'],
      ['Jeg taler dansk med min mor', null],
      ['Svar på mailen', null],
    ]),
  }),
  regexPattern({
    id: 'da.slot.birthday',
    kind: 'slot',
    slot: 'birthday',
    pattern: new RegExp(
      String.raw`(?:${LEAD}min fødselsdag er|${JEG} har fødselsdag) ${ADV}(?:den )?(?<v>\d{1,2}\.? \p{L}+)`,
      'u',
    ),
    examples: slotExamples('birthday', [
      ['Min fødselsdag er faktisk den 14. maj', '14. maj'],
      ['Jeg har fødselsdag den 3. juni', '3. juni'],
      ['Min søster har fødselsdag den 3. juni', null],
    ]),
  }),
  regexPattern({
    id: 'da.slot.occupation',
    kind: 'slot',
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${JEG} (?:arbejder ${ADV}som (?:en |et )?|er ${ADV}(?:blevet |uddannet |en |et )?(?=(?:[\p{L}-]+ )?(?:\p{L}{3,}-?)?(?:${OCCUPATIONS})(?:$|[\s.,!;])))` +
        String.raw`(?<v>[\p{L} -]+?)(?=$|[.,!;]|\s+(?:og|men|hos|i|på|ved)(?![\p{L}\p{N}]))`,
      'u',
    ),
    prepare: subjectFirst,
    clean: cleanName,
    examples: slotExamples('occupation', [
      ['Jeg arbejder som sygeplejerske', 'sygeplejerske'],
      ['Jeg er læge', 'læge'],
      ['jeg er uddannet ingeniør og bor i Aalborg', 'ingeniør'],
      ['Jeg er træt', null],
      ['Min far er læge', null],
      ['Nu er jeg jordemoder', 'jordemoder'],
      ['Nu arbejder jeg som tømrer', 'tømrer'],
      // a compound that ends in a job word is one: "skole" + "leder"
      ['jeg er blevet skoleleder', 'skoleleder'],
      ['Jeg er blevet salgschef hos Netto', 'salgschef'],
    ]),
  }),
];
