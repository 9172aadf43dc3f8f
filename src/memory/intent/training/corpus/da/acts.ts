import { group } from 'src/memory/intent/training/corpus/template-group';

const corrections = [
  group('correct', ['name'], 'user', [
    'undskyld, jeg stavede mit navn forkert, det er {name}',
    'jeg hedder faktisk {name}, ikke {name}',
    'rettelse: mit navn er {name}',
  ]),
  group('correct', ['age'], 'user', ['nej vent, jeg er {age}, ikke {age}', 'undskyld, jeg er faktisk {age}']),
  group('correct', ['location'], 'user', [
    'jeg mente {city}, ikke {city}',
    'jeg bor i {city}, ikke {city}, sorry',
    'rettelse: jeg er flyttet til {city}',
  ]),
  group('correct', ['email'], 'user', [
    'der var en tastefejl i min mail, den er {email}',
    'min mail er faktisk {email}, jeg skrev forkert',
  ]),
  group('correct', ['employer'], 'user', [
    'rettelse: jeg arbejder hos {employer}, ikke {employer}',
    'jeg mente {employer}, ikke {employer}',
  ]),
  group('correct', ['occupation'], 'user', ['jeg er ikke {job}, jeg er {job}']),
  group('correct', ['age'], 'other', ['undskyld, min {rel} er {age}, ikke {age}']),
];

const retractions = [
  group('retract', ['location'], 'user', [
    'glem det med {city}, det passer ikke',
    'se bort fra det med {city}',
    'jeg bor slet ikke i {city}, det var for sjov',
  ]),
  group('retract', ['occupation'], 'user', [
    'se bort fra det jeg sagde om mit job',
    'det med at jeg er {job} passer ikke',
  ]),
  group('retract', ['employer'], 'user', [
    'glem det jeg sagde om {employer}',
    'jeg har aldrig arbejdet hos {employer}',
  ]),
  group('retract', ['nickname'], 'user', ['drop det med kælenavnet']),
  group('retract', ['age'], 'user', ['se bort fra det med min alder']),
  group('retract', [], 'user', [
    'det der med at jeg har en {animal} er forkert',
    'det med at jeg er {diet} passer ikke',
    'glem det jeg lige sagde',
    'det passer ikke, det har jeg aldrig sagt',
    'se bort fra det sidste',
  ]),
];

const forgets = [
  group('forget', ['email'], 'user', ['kan du glemme min e-mailadresse?', 'glem min e-mail', 'slet min mail']),
  group('forget', ['location'], 'user', ['du må ikke gemme min adresse', 'glem hvor jeg bor']),
  group('forget', ['birthday'], 'user', ['slet min fødselsdag, tak']),
  group('forget', ['employer'], 'user', ['jeg vil helst ikke have at du gemmer hvor jeg arbejder']),
  group('forget', ['age'], 'user', ['glem min alder']),
  group('forget', [], 'user', [
    'glem alt hvad jeg har fortalt dig om min eks',
    'slet alt om mit helbred',
    'slet alle mine data',
    'glem alt om mig',
    'du må ikke huske det her',
  ]),
];

const questions = [
  group('ask', ['location'], 'user', ['hvor bor jeg?', 'ved du hvor jeg bor?']),
  group('ask', ['name'], 'user', ['hvad hedder jeg?', 'hvad er mit navn?', 'kan du huske mit navn?']),
  group('ask', ['email'], 'user', ['kan du huske min mail?', 'hvilken mail har du på mig?']),
  group('ask', ['age'], 'user', ['hvor gammel er jeg?']),
  group('ask', ['employer'], 'user', ['hvor arbejder jeg?']),
  group('ask', ['birthday'], 'other', ['hvornår har min {rel} fødselsdag?']),
  group('ask', [], 'user', [
    'hvad ved du om mig?',
    'hvad er hovedstaden i [Norge|Peru|Canada]?',
    'bliver det regnvejr i {city} i morgen?',
    'hvor langt er der til månen?',
    'hvad er klokken i {city}?',
    'hvordan lærer man {language} bedst?',
    'hvor lang tid skal et æg koge?',
    'er {city} dyrt at bo i?',
  ]),
];

const rules = [
  group('rule', [], 'user', [
    'jeg er {diet}, så foreslå aldrig {food}',
    'fra nu af skal du holde dine svar korte',
    'brug aldrig emojis',
    'svar altid kort',
    'jeg spiser ikke {food}, så foreslå det aldrig',
    'lad være med at bruge punktopstillinger',
    'vær altid ærlig over for mig',
    'fremover vil jeg gerne have korte svar',
    'brug altid metriske enheder',
  ]),
  group('rule', ['language'], 'user', ['svar altid på {language}', 'skriv til mig på {language} fra nu af']),
  group('rule', ['nickname'], 'user', ['kald mig altid {nick}', 'fra nu af skal du kalde mig {nick}']),
];

const tasks = [
  group('task', [], 'user', [
    'husk mig på at {errand} {when}',
    'jeg skal {errand} {when}',
    'tilføj {item} til indkøbslisten',
    'mind mig om at {errand} {when}',
    'husk at jeg skal {errand} {when}',
    'sæt en påmindelse om at {errand}',
    'lad mig ikke glemme at {errand}',
    'skriv {item} på listen',
  ]),
];

const chatter = [
  group(
    'chatter',
    [],
    'user',
    [
      'tak for hjælpen!',
      'haha okay',
      'Selvfølgelig! Jeg hjælper gerne.',
      'godmorgen :)',
      'Mit navn er <navn>',
      'Jeg bor i {by}',
      'det lyder hyggeligt',
      'tak skal du have',
      'hej!',
      'okay fedt',
      'Godt spørgsmål!',
      'Jeg håber, det hjælper!',
      'det var en lang dag',
      'Tillykke med det nye job!',
      'godnat',
      'Det er jeg ked af at høre.',
      'fedt!',
      'nå okay',
      'Som AI har jeg ingen personlige meninger.',
      'Sig til, hvis der er andet.',
      'vejret er dejligt i dag',
    ],
    false,
  ),
];

const requests = [
  group('request', [], 'user', [
    'kan du skrive et digt om {topic}',
    'oversæt det her til {language}',
    'hjælp mig med at planlægge en tur til {city}',
    'giv mig en opskrift på [frikadeller|æblekage|linsesuppe]',
    'skriv en mail til min udlejer om varmen',
    'forklar {topic} som om jeg var fem',
    'lav en madplan for ugen',
    'skriv en kort tale til min {rel}s fødselsdag',
    'kan du rette stavefejlene i denne tekst',
    'find nogle gaveideer til min {rel}',
    'anbefal en god bog om {topic}',
    'fortæl en vittighed',
  ]),
];

export const actGroups = [
  ...corrections,
  ...retractions,
  ...forgets,
  ...questions,
  ...rules,
  ...tasks,
  ...chatter,
  ...requests,
];
