import { leadWords, valueCleaner } from 'src/language/pattern-table';

/** The Danish words the extraction table (da/extraction.ts) reads values with, and its verb-second rewrite. */
/** Words that end the value: "Jeg bor i Aarhus og arbejder hos Lego" keeps "Aarhus". */
export const CLAUSE_WORDS = [
  // "Vejle, ikke Horsens": what the value is not ends it
  'ikke',
  'faktisk',
  'og',
  'men',
  'fordi',
  'siden',
  'da',
  'når',
  'hvor',
  'som',
  'der',
  'så',
  'selvom',
  'med',
  'fra',
  'til',
  'nu',
  'lige',
  'også',
  'igen',
  'endnu',
  'stadig',
  'i',
  'på',
  'hos',
  'for',
  'haha',
  'lol',
];
export const NOT_A_VALUE = new Set(
  'en et den det de dem dig du mig jer os ham hende ikke også her der hjemme noget nogen alt intet at til hvad hvordan når som'.split(
    ' ',
  ),
);
export const cleanName = valueCleaner({ clauseWords: CLAUSE_WORDS, notAValue: NOT_A_VALUE, maxWords: 4 });
// a place may be "Den Haag" or "New York": only the first word must name something
// "Hillerød i sommer": a time after the place is no part of it
export const TIME_AFTER_PLACE = [
  'sommer',
  'vinter',
  'foråret',
  'efteråret',
  'år',
  'går',
  'dag',
  'weekenden',
  'januar',
  'februar',
  'marts',
  'april',
  'maj',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'december',
].map((w) => `i ${w}`);
const placeWords = valueCleaner({
  clauseWords: [...CLAUSE_WORDS.filter((w) => w !== 'i'), ...TIME_AFTER_PLACE],
  notAValue: NOT_A_VALUE,
  maxWords: 4,
});
/** "hillerød, helsingør var for dyrt": a place ends at a comma. */
export const cleanPlace = (raw: string): string | null => placeWords(raw.split(',')[0] ?? raw);
export const cleanPreference = valueCleaner({
  clauseWords: ['men', 'fordi', 'siden', 'selvom', 'haha', 'lol'],
  notAValue: NOT_A_VALUE,
  maxWords: 10,
});

// "jeg" / "mit" / "min" at a clause start, after an optional filler word.
export const LEAD = `^${leadWords(['og', 'men', 'så', 'hej', 'hejsa', 'hallo', 'goddag', 'altså', 'faktisk', 'btw', 'rettelse', 'opdatering', 'nej', 'undskyld'], ',!:')}`;
export const JEG = `${LEAD}jeg`;
export const OCCUPATIONS =
  'læge|sygeplejerske|lærer|skolelærer|ingeniør|udvikler|softwareudvikler|programmør|designer|advokat|revisor|' +
  'arkitekt|forsker|studerende|kok|bager|journalist|forfatter|pilot|tømrer|elektriker|mekaniker|konsulent|direktør|' +
  'økonom|psykolog|dyrlæge|pædagog|politibetjent|frisør|tandlæge|sælger|tekniker|projektleder|chef|leder|' +
  'pensionist|iværksætter|freelancer|oversætter|bibliotekar|farmaceut|fysioterapeut|jordemoder|landmand|maler|' +
  'tjener|bartender|barista|ekspedient|kassedame|chauffør|buschauffør|murer|smed|blikkenslager|gartner|fisker|' +
  'præst|dommer|politiker|sekretær|kontorassistent|analytiker|dataanalytiker|underviser|professor|lektor|adjunkt|' +
  'elev|lærling|kosmetolog|fotograf|musiker|skuespiller|kunstner|grafiker|redaktør|tandplejer|' +
  'social- og sundhedsassistent|sosu-assistent|sosu-hjælper|pædagogmedhjælper|rengøringsassistent|ergoterapeut|kiropraktor|' +
  'dyrepasser|soldat|sømand|pilot|stewardesse|tolk|jurist|bogholder|mægler|ejendomsmægler|bankrådgiver|rådgiver';
/** Languages said in Danish, lower case as Danish writes them. */
export const DA_LANGUAGES =
  'dansk|engelsk|tysk|fransk|spansk|italiensk|portugisisk|svensk|norsk|islandsk|finsk|hollandsk|polsk|russisk|ukrainsk|arabisk|tyrkisk|kinesisk|japansk|koreansk|græsk';
export const TIMEZONE =
  String.raw`(?:utc|gmt)\s*[+\-−]\s*\d{1,2}(?::?\d\d)?|cet|cest|eet|eest|gmt|utc|bst|pst|est|` +
  String.raw`(?:africa|america|asia|atlantic|australia|europe|indian|pacific)/[a-z_]+(?:/[a-z_]+)?`;

// Adverbs that may stand after the verb ("jeg arbejder nu hos", "jeg hedder faktisk") or first, before it (V2).
export const ADVERBS = [
  'nu',
  'faktisk',
  'egentlig',
  'stadig',
  'nemlig',
  'for tiden',
  'i dag',
  'efterhånden',
  'heller',
  'sgu',
  'jo',
  'altså',
  'officielt',
  'endelig',
];
export const ADV = `(?:(?:${ADVERBS.join('|')}) ){0,2}`;
export const V2 = new RegExp(
  String.raw`^((?:(?:og|men|så|altså)[,]? )?)(${ADVERBS.join('|')}) (bor|arbejder|hedder|er|lever) (jeg|mit navn|min alder|min arbejdsgiver)(?![\p{L}])`,
  'u',
);

/**
 * Verb-second word order after an adverb, "nu bor jeg i X" / "faktisk er mit navn X", rewritten to the subject-first
 * order the patterns read, "jeg bor nu i X" / "mit navn er faktisk X": the same words, so every offset holds.
 */
export function subjectFirst(lower: string): string {
  return lower.replace(
    V2,
    (_all, lead: string, adverb: string, verb: string, subject: string) => `${lead}${subject} ${verb} ${adverb}`,
  );
}
