import { START, VALUE } from 'src/language/cue-parts';
import type { FactRetractionCue, RetractionCue } from 'src/language/retraction-cue';

/** Danish ways of taking back a slot value ("Jeg bor ikke længere i Aarhus"); group 1 is the value. */
export const DA_RETRACTION_CUES: readonly RetractionCue[] = [
  // "Camilla og jeg er skilt", "Vi slog op", "vi er gået fra hinanden": a partner no longer
  {
    id: 'da.retract.partner.og-jeg',
    slot: 'partner',
    anyCase: true,
    pattern: new RegExp(
      String.raw`${START}(\p{L}[\p{L}'-]+) og jeg (?:er (?:blevet )?skilt|er gået fra hinanden|har slået op|slog op|er ikke (?:længere )?sammen(?: længere| mere)?)(?=$|[ .,!;])`,
      'iu',
    ),
    examples: [
      { text: 'Camilla og jeg er skilt, jeg er sammen med Line nu.', fires: true, value: 'camilla' },
      { text: 'Camilla og jeg er på ferie', fires: false },
    ],
  },
  {
    id: 'da.retract.partner.vi-slog-op',
    slot: 'partner',
    pattern: new RegExp(
      String.raw`${START}vi (?:slog op|har slået op|er gået fra hinanden|gik fra hinanden|er (?:blevet )?skilt|blev skilt)(?=$|[ .,!;])`,
      'iu',
    ),
    examples: [
      { text: 'Vi slog op. Glem alt om Nikolaj.', fires: true, value: null },
      { text: 'Vi slog telt op', fires: false },
    ],
  },
  {
    id: 'da.retract.diet.ikke-laengere',
    slot: 'diet',
    pattern: new RegExp(
      String.raw`${START}jeg er (?:ikke længere|ikke) (?:vegetar|vegetarianer|veganer|pescetar|fleksitar)(?: længere| mere)?(?=$|[ .,!;])`,
      'iu',
    ),
    examples: [
      { text: 'Jeg er ikke længere veganer', fires: true, value: null },
      { text: 'Jeg er vegetar', fires: false },
    ],
  },
  {
    id: 'da.retract.occupation.tidligere',
    slot: 'occupation',
    pattern: new RegExp(String.raw`${START}jeg var tidligere (?:en |et )?([\p{L}-]+)`, 'iu'),
    examples: [
      { text: 'Jeg var tidligere tømrer', fires: true, value: 'tømrer' },
      { text: 'Jeg var i Rom', fires: false },
    ],
  },
  {
    id: 'da.retract.occupation.pension',
    slot: 'occupation',
    pattern: new RegExp(String.raw`${START}jeg er (?:gået|gaaet) på pension`, 'iu'),
    examples: [
      { text: 'Jeg er gået på pension', fires: true, value: null },
      { text: 'Min far er gået på pension', fires: false },
    ],
  },
  {
    id: 'da.retract.employer.tidligere',
    slot: 'employer',
    pattern: new RegExp(String.raw`${START}${VALUE} er min (?:tidligere|gamle|forrige) arbejdsgiver`, 'iu'),
    examples: [
      { text: 'Carlsberg er min tidligere arbejdsgiver', fires: true, value: 'carlsberg' },
      { text: 'Carlsberg er min arbejdsgiver', fires: false },
    ],
  },
  // "Lego var mit gamle job", "det er mit gamle arbejde": the words say the value is no longer the user's
  {
    id: 'da.retract.employer.gamle-job',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}(?:${VALUE} var|det er|det var) (?:mit|min) (?:gamle|tidligere|forrige) (?:job|arbejde|arbejdsplads)\b`,
      'iu',
    ),
    examples: [
      { text: 'Forkert, Lego var mit gamle job', fires: true, value: 'lego' },
      { text: 'nej, det er mit gamle job', fires: true, value: null },
      { text: 'Lego var mit yndlingslegetøj', fires: false },
    ],
  },
  // "roskilde var før vi flyttede": the words name the place, so a lower-case one counts
  {
    id: 'da.retract.location.foer-vi-flyttede',
    slot: 'location',
    anyCase: true,
    pattern: new RegExp(
      String.raw`${START}(?!(?:det|dét|den|der)\s)${VALUE} var (?:før|inden) (?:vi|jeg) flyttede`,
      'iu',
    ),
    examples: [
      { text: 'det er køge, roskilde var før vi flyttede', fires: true, value: 'roskilde' },
      { text: 'det var før vi flyttede', fires: false },
    ],
  },
  // "Lad være med at kalde mig Mulle", "glem det kælenavn"
  {
    id: 'da.retract.nickname.kald-mig-ikke',
    slot: 'nickname',
    anyCase: true,
    pattern: new RegExp(
      String.raw`${START}(?:lad være med at|du skal ikke|hold op med at|stop med at|lad vær med at) kalde mig ${VALUE}`,
      'iu',
    ),
    examples: [
      { text: 'Lad være med at kalde mig Mulle', fires: true, value: 'mulle' },
      { text: 'Lad være med at kalde mig op', fires: true, value: 'op' },
      { text: 'Du må gerne kalde mig Mulle', fires: false },
    ],
  },
  {
    id: 'da.retract.nickname.glem-kaelenavnet',
    slot: 'nickname',
    pattern: new RegExp(String.raw`${START}(?:glem|drop|slet) (?:det |mit |dét )?kælenavn(?:et)?\b`, 'iu'),
    examples: [
      { text: 'glem det kælenavn', fires: true, value: null },
      { text: 'glem det', fires: false },
    ],
  },
  // Danish
  {
    id: 'da.retract.location.bor-ikke',
    slot: 'location',
    pattern: new RegExp(String.raw`${START}jeg bor (?:ikke længere|ikke mere|ikke) i ${VALUE}`, 'iu'),
    examples: [
      { text: 'Jeg bor ikke længere i Vejle', fires: true, value: 'vejle' },
      { text: 'Jeg bor i Vejle', fires: false },
    ],
  },
  {
    id: 'da.retract.location.flyttet-fra',
    slot: 'location',
    pattern: new RegExp(String.raw`${START}jeg (?:er|har) flyttet (?:væk )?fra ${VALUE}`, 'iu'),
    examples: [
      { text: 'Jeg er flyttet fra Odense', fires: true, value: 'odense' },
      { text: 'Jeg er flyttet til Odense', fires: false },
    ],
  },
  {
    id: 'da.retract.employer.ikke-hos',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}jeg (?:arbejder|er ansat|er) (?:ikke længere|ikke mere|ikke) (?:hos|for|ved|i) ${VALUE}`,
      'iu',
    ),
    examples: [
      { text: 'Jeg arbejder ikke længere hos Novo', fires: true, value: 'novo' },
      { text: 'Jeg arbejder hos Novo', fires: false },
    ],
  },
  {
    id: 'da.retract.employer.sagt-op',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}jeg (?:har |er )?(?:sagt op hos|forladt|stoppet hos|stoppede hos|sagde op hos|holdt op hos|holdte op hos|fyret fra|blevet fyret fra) ${VALUE}`,
      'iu',
    ),
    examples: [
      { text: 'Jeg har sagt op hos Netto', fires: true, value: 'netto' },
      { text: 'Hun har sagt op hos Netto', fires: false },
    ],
  },
  {
    id: 'da.retract.occupation.ikke-laengere',
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}jeg (?:er|arbejder) (?:ikke længere|ikke mere) (?:som )?(?:en |et )?([\p{L}-]+)`,
      'iu',
    ),
    examples: [
      { text: 'Jeg er ikke længere lærer', fires: true, value: 'lærer' },
      { text: 'Jeg er lærer', fires: false },
    ],
  },
  {
    id: 'da.retract.occupation.ikke-mere',
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}jeg (?:er|arbejder) ikke (?:som )?(?:en |et )?([\p{L}-]+) (?:længere|mere)\b`,
      'iu',
    ),
    examples: [
      { text: 'Jeg arbejder ikke som kok mere', fires: true, value: 'kok' },
      { text: 'Jeg arbejder som kok', fires: false },
    ],
  },
];

/** Danish ways of taking back a habit or trait ("Jeg er ikke vegetar mere"). */
export const DA_FACT_RETRACTION_CUES: readonly FactRetractionCue[] = [
  {
    id: 'da.retract-fact.ikke',
    pattern: new RegExp(
      String.raw`${START}jeg er (?:ikke længere|ikke mere|ikke) ([\p{L}-]+)(?: mere| længere)?(?=$|[.,!;])`,
      'iu',
    ),
    examples: [
      { text: 'Jeg er ikke vegetar mere', fires: true, value: 'vegetar' },
      { text: 'Jeg er vegetar', fires: false },
    ],
  },
  // "Jeg spiser ikke kød længere", "jeg spiller ikke tennis mere": what ends is the object
  {
    id: 'da.retract-fact.verb-ikke-laengere',
    pattern: new RegExp(
      String.raw`${START}jeg (?!er\b|bor\b|arbejder\b)\p{L}+ (?:ikke længere|ikke mere|ikke) ([\p{L}\p{N}' -]{2,60}?) (?:længere|mere)\b`,
      'iu',
    ),
    examples: [
      { text: 'Jeg spiser ikke kød længere', fires: true, value: 'kød' },
      { text: 'Jeg spiser ikke kød', fires: false },
    ],
  },
  // "Jeg spiser ikke længere kød"
  {
    id: 'da.retract-fact.verb-ikke-laengere-foran',
    pattern: new RegExp(
      String.raw`${START}jeg (?!er\b|bor\b|arbejder\b)\p{L}+ (?:ikke længere|ikke mere) ([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;])`,
      'iu',
    ),
    examples: [
      { text: 'Jeg spiser ikke længere kød', fires: true, value: 'kød' },
      { text: 'Jeg spiser kød', fires: false },
    ],
  },
  // "Jeg ryger ikke længere": what ends is the verb
  {
    id: 'da.retract-fact.verb-alone',
    pattern: new RegExp(
      String.raw`${START}jeg (?!er\b|bor\b|arbejder\b|har\b|kan\b|vil\b|skal\b)(\p{L}+) (?:ikke længere|ikke mere)(?=$|[.,!;])`,
      'iu',
    ),
    examples: [
      { text: 'Jeg ryger ikke længere', fires: true, value: 'ryger' },
      { text: 'Jeg ryger', fires: false },
    ],
  },
  // "Jeg er holdt op med at ryge", "jeg har droppet keto", "jeg har solgt min Vespa", "jeg har aflyst turen til Rom"
  {
    id: 'da.retract-fact.stopped',
    pattern: new RegExp(
      String.raw`${START}jeg (?:er |har )?(?:holdt op med|hørt op med|stoppet med|stoppede med|droppet|droppede|solgt|solgte|opsagt|opsagde|aflyst|aflyste|givet op på|gav op på) (?:at )?(?:min |mit |mine |den |det |de )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;]| (?:i|sidste|for|fordi|men|og|da|efter)\b)`,
      'iu',
    ),
    examples: [
      { text: 'Jeg er holdt op med at ryge', fires: true, value: 'ryge' },
      { text: 'Jeg har aflyst turen til Patagonien', fires: true, value: 'turen patagonien' },
      { text: 'Jeg har købt en Vespa', fires: false },
    ],
  },
  // "Jeg har meldt mig ud af løbeklubben", "Peter og jeg er blevet skilt"
  {
    id: 'da.retract-fact.meldt-ud',
    pattern: new RegExp(
      String.raw`${START}jeg (?:har |er )?(?:meldt mig ud af|meldte mig ud af|trådt ud af|trådte ud af) (?:min |mit |den |det )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;]| (?:i|sidste|for|fordi|men|og|da|efter)\b)`,
      'iu',
    ),
    examples: [
      { text: 'Jeg har meldt mig ud af løbeklubben', fires: true, value: 'løbeklubben' },
      { text: 'Jeg har meldt mig ind i løbeklubben', fires: false },
    ],
  },
  {
    id: 'da.retract-fact.skilt',
    pattern: new RegExp(
      String.raw`${START}(\p{L}[\p{L}'-]+) og jeg (?:er blevet skilt|blev skilt|er gået fra hinanden|gik fra hinanden|har slået op|slog op)`,
      'iu',
    ),
    examples: [
      { text: 'Peter og jeg er blevet skilt', fires: true, value: 'peter' },
      { text: 'Peter og jeg er blevet gift', fires: false },
    ],
  },
];

/** Danish words of a taken-back habit that name nothing by themselves: "spiser ikke kød" is about meat. */
export const DA_HABIT_WORDS: readonly string[] = (
  'jeg en et min mit mine den det de at spise spiser drikke drikker spille spiller have har gå går bruge bruger ' +
  'til i på med om ikke længere mere igen nu nogen noget nogle'
).split(' ');
