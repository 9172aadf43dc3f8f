import { DANISH_SLOT_PATTERNS } from 'src/language/da/slot-patterns';
import { DANISH_PERSONAL_SLOTS } from 'src/language/da/slots-personal';
import { cleanPreference, JEG } from 'src/language/da/words';
import { leadWords, regexPattern } from 'src/language/pattern-table';
import type { LanguageTable } from 'src/language/pattern-table';
import type { SlotName } from 'src/language/slots';

export const DANISH: LanguageTable = {
  language: 'da',
  patterns: [
    regexPattern({
      id: 'da.remember',
      kind: 'remember',
      pattern: new RegExp(
        String.raw`^${leadWords(['og', 'hej', 'altså', 'faktisk', 'okay', 'ok', 'nå', 'så'])}(?:husk|husk på|husk lige|glem ikke|bemærk)` +
          String.raw`(?:[,:]?\s+at\s+|\s*:\s*)(?<v>.{3,})$`,
        'u',
      ),
      examples: [
        { text: 'Husk at min datter er allergisk over for nødder', value: 'min datter er allergisk over for nødder' },
        { text: 'husk, at jeg flyver til Oslo på fredag', value: 'jeg flyver til Oslo på fredag' },
        { text: 'Glem ikke at mødet er flyttet til torsdag', value: 'mødet er flyttet til torsdag' },
        { text: 'Husk at drikke vand', value: 'drikke vand' },
        { text: 'Kan du huske hvad jeg sagde?', value: null },
      ],
    }),
    regexPattern({
      id: 'da.forget',
      kind: 'forget',
      pattern: new RegExp(
        String.raw`^${leadWords(['og', 'hej', 'altså', 'nu', 'faktisk', 'okay', 'ok', 'nå', 'så'])}(?:glem|slet)(?!\s+(?:nu\s+|bare\s+|lige\s+)?ikke\b)(?:\s+lige)?` +
          String.raw`(?:\s+(?:at|alt om|det med|det om))?\s+(?!(?:det|dét|den|ham|hende)\s*[.!]?$)(?<v>.{3,})$`,
        'u',
      ),
      examples: [
        { text: 'Glem at jeg bor i Berlin', value: 'jeg bor i Berlin' },
        { text: 'glem mit telefonnummer', value: 'mit telefonnummer' },
        { text: 'glem lige hvad jeg arbejder med', value: 'hvad jeg arbejder med' },
        { text: 'Glem alt om Postgres-beslutningen', value: 'Postgres-beslutningen' },
        { text: 'glem det', value: null },
        { text: 'Glem ikke mælken', value: null },
        { text: 'Glem nu ikke min nøddeallergi', value: null },
      ],
    }),
    // "Kan du fjerne min mailadresse fra hukommelsen?", "Gider du slette min fødselsdag?"
    regexPattern({
      id: 'da.forget.kan-du',
      kind: 'forget',
      pattern: new RegExp(
        String.raw`^${leadWords(['og', 'hej', 'altså', 'nu', 'faktisk', 'okay', 'ok', 'nå', 'så'])}(?:kan|kunne|vil|gider) du (?:godt |lige |venligst )*(?:glemme|slette|fjerne) (?:at |alt om )?(?<v>[^?!.,]{3,80}?)(?: fra (?:hukommelsen|din hukommelse|dine noter))?(?: igen)?(?: tak)?(?=$|[.,;!?])`,
        'u',
      ),
      examples: [
        { text: 'Kan du fjerne min mailadresse fra hukommelsen?', value: 'min mailadresse' },
        { text: 'Gider du slette min fødselsdag?', value: 'min fødselsdag' },
        { text: 'Kan du hjælpe mig?', value: null },
      ],
    }),
    ...DANISH_SLOT_PATTERNS,
    ...DANISH_PERSONAL_SLOTS,
    regexPattern({
      id: 'da.preference.verb',
      kind: 'preference',
      pattern: new RegExp(
        String.raw`${JEG} (?:virkelig |godt |altid |helst |bare )*(?<verb>elsker|foretrækker|hader|kan godt lide|kan ikke lide|kan ikke fordrage|nyder|synes godt om) (?<v>.+)$`,
        'u',
      ),
      clean: cleanPreference,
      examples: [
        { text: 'Jeg elsker sushi', value: 'sushi' },
        { text: 'jeg foretrækker tabulatorer frem for mellemrum', value: 'tabulatorer frem for mellemrum' },
        { text: 'Jeg kan ikke lide koriander, fordi det smager af sæbe', value: 'koriander' },
        { text: 'Jeg hader det', value: null },
        { text: 'Min bror elsker fodbold', value: null },
      ],
    }),
    regexPattern({
      id: 'da.preference.when-you',
      kind: 'preference',
      pattern: new RegExp(
        String.raw`${JEG} (?<verb>kan bedst lide|kan godt lide|foretrækker|elsker) (?<v>(?:det )?(?:når|at) du [^?]+)$`,
        'u',
      ),
      clean: (raw) => (raw.trim().split(/\s+/u).length <= 16 ? raw.trim().replace(/[.!]+$/u, '') : null),
      examples: [
        {
          text: 'Jeg kan bedst lide når du forklarer tingene med eksempler',
          value: 'når du forklarer tingene med eksempler',
        },
        { text: 'Min chef kan godt lide når du skriver kort', value: null },
      ],
    }),
    regexPattern({
      id: 'da.preference.favourite',
      kind: 'preference',
      pattern:
        /^(?:og |btw )?(?<verb>min yndlings[\p{L}-]+|mit yndlings[\p{L}-]+|mine yndlings[\p{L}-]+) (?:er) (?<v>.+)$/u,
      clean: cleanPreference,
      examples: [
        { text: 'Min yndlingsret er frikadeller', value: 'frikadeller' },
        { text: 'mit yndlingsband er Gasolin', value: 'Gasolin' },
        { text: 'Min mors yndlingsband er ABBA', value: null },
      ],
    }),
  ],
  slotSentence: (slot, value) => DANISH_SLOT_SENTENCES[slot](value),
  preferenceSentence: (verb, value) =>
    /yndlings/u.test(verb) ? `${capitalise(verb)} er ${value}.` : `Jeg ${verb} ${value}.`,
  slotMentions: {
    name: /\bmit (?:fulde )?navn\b|\bhvad jeg hedder\b/u,
    age: /\bmin alder\b|\bhvor gammel jeg er\b/u,
    location: /\bhvor jeg bor\b|\bmin (?:adresse|by|hjemby)\b/u,
    timezone: /\bmin tidszone\b/u,
    employer: /\bhvor jeg arbejder\b|\bmin (?:arbejdsgiver|arbejdsplads)\b|\bmit firma\b/u,
    occupation: /\bmit (?:job|erhverv|arbejde)\b|\bhvad jeg (?:arbejder (?:med|som)|laver)\b/u,
    email: /\bmin (?:e-?mail|mail)(?:adresse)?\b/u,
    nickname: /\b(?:mit|det|dét) kælenavn\b/u,
    birthday: /\bmin (?:fødselsdag|fødselsdato)\b/u,
    phone: /\bmit (?:telefon|mobil|tlf\.?\s?)?nummer\b/u,
    partner: /\bmin (?:kæreste|kone|mand|hustru|partner|forlovede|ægtefælle)\b/u,
    diet: /\bmin (?:kost|diæt)\b/u,
  },
  acknowledgements: [
    'ok',
    'okay',
    'tak',
    'mange tak',
    'tusind tak',
    'tak skal du have',
    'fint',
    'super',
    'godt',
    'forstået',
    'javel',
    'ja',
    'nej',
    'nej tak',
    'ja tak',
    'det lyder godt',
    'perfekt',
    'klart',
    'selvfølgelig',
    'hej',
    'hej hej',
    'farvel',
    'god nat',
    'fedt',
    'cool',
    'nice',
    'den er god',
    'okay tak',
  ],
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const DANISH_SLOT_SENTENCES: Readonly<Record<SlotName, (value: string) => string>> = {
  name: (v) => `Mit navn er ${v}.`,
  nickname: (v) => `Kald mig ${v}.`,
  age: (v) => `Jeg er ${v} år gammel.`,
  location: (v) => `Jeg bor i ${v}.`,
  timezone: (v) => `Min tidszone er ${v}.`,
  employer: (v) => `Jeg arbejder hos ${v}.`,
  occupation: (v) => `Jeg arbejder som ${v}.`,
  email: (v) => `Min e-mail er ${v}.`,
  birthday: (v) => `Min fødselsdag er ${v}.`,
  pronouns: (v) => `Mine pronominer er ${v}.`,
  language: (v) => `Mit foretrukne sprog er ${v}.`,
  phone: (v) => `Mit telefonnummer er ${v}.`,
  partner: (v) => `Min partner hedder ${v}.`,
  diet: (v) => `Jeg er ${v}.`,
};
