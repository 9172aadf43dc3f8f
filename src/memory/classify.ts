import { MemoryType } from 'src/domain/memory.enums';
import { plannedSlot } from 'src/language/plans';
import { detectSlot } from 'src/language/slots';

const DAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend';
const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';

// First match wins, so the more specific intents come before the broad ones.
const RULES: ReadonlyArray<[MemoryType, RegExp]> = [
  [
    MemoryType.TODO,
    /\b(remind me|remember to|to-?do|don't forget to|do not forget to|need to|needs to|have to|has to|must|gotta|should)\b/u,
  ],
  [
    MemoryType.DECISION,
    /\b(decided|decide on|agreed (on|to)|chose|chosen|opted (for|to)|settled on|went with|going with|go with|decision)\b/u,
  ],
  [
    MemoryType.GOAL,
    /^(?:(?:my|our|main|big) )?(?:goal|objective|aim|ambition|resolution)s?\b[^:]{0,30}:|(?:\b(?:i'm|i am|im|we're|we are) |^)going to (?!(?:be|the|a|an|my|our|your|bed|school|work|church|class|town|sleep)\b)\w+|\b((want|wants|plan|plans|hope|hopes|intend|intends|aim|aims|aspire|aspires|(?:would|'d) (?:really )?like) to|wanna (?:be|become|have|get) [^.,]{1,40}? by (?:\d+|the end|next)|(planning|hoping|aiming|trying) to|planning (a|an|my|our) trip|(training|preparing|saving up|studying) for (a|an|the|my|our) |learning (to|how to|the|a new) |my (\w+ )?(goal|dream|ambition|objective|aim)|goal is)\b/u,
  ],
  // Danish: "vi har besluttet at sælge sommerhuset", "mit mål er at svømme 2 km", "vi fik en pige i tirsdags"
  [MemoryType.TODO, /(?<!\p{L})(?:husk mig på|mind mig om|glem ikke at|jeg skal huske at)(?!\p{L})/u],
  [MemoryType.DECISION, /(?<!\p{L})(?:besluttet|besluttede|beslutning|valgt|valgte|endte med|blev enige om)(?!\p{L})/u],
  [
    MemoryType.GOAL,
    /(?<!\p{L})(?:mit mål|vores mål|min drøm|mål:|vil gerne|planlægger at|håber at|drømmer om at|træner (?:op )?til|lærer at)(?!\p{L})/u,
  ],
  [
    MemoryType.PREFERENCE,
    /\b(like|likes|love|loves|prefer|prefers|enjoy|enjoys|hate|hates|dislike|dislikes|adore|adores|can't stand|favou?rite|fan of|into)\b/u,
  ],
  [
    MemoryType.EVENT,
    new RegExp(
      String.raw`\b(yesterday|today|tonight|this (morning|afternoon|evening)|last (night|week|month|year|${DAYS})|` +
        String.raw`(on|last|this|next) (${DAYS})|next (week|month|year)|\d+ (days?|weeks?|months?|years?) ago|in (${MONTHS})|(${MONTHS}) \d{1,2}|` +
        String.raw`\d{1,2} (${MONTHS})|\d{4}-\d{2}-\d{2}|(in|since) (19|20)\d{2})\b`,
      'u',
    ),
  ],
  [
    MemoryType.EVENT,
    new RegExp(
      String.raw`(?<!\p{L})(?:i går|i dag|i aftes|i nat|i (?:man|tirs|ons|tors|fre|lør|søn)dags|sidste (?:uge|måned|år|weekend)|` +
        String.raw`for \d+ (?:dage|uger|måneder|år) siden|i (?:januar|februar|marts|april|maj|juni|juli|august|september|oktober|november|december))(?!\p{L})`,
      'u',
    ),
  ],
  // life events, said without a date: "my grandad passed away", "my brother just got engaged", "min mormor døde"
  [
    MemoryType.EVENT,
    /\b(?:got (?:engaged|married|divorced|hired|promoted|fired|laid off)|passed away|died|was born|gave birth|graduated)\b|(?<!\p{L})(?:døde|gik bort|blev (?:gift|forlovet|skilt|født)|fødte)(?!\p{L})/u,
  ],
  [
    MemoryType.OBSERVATION,
    /\b(seems?|appears?|looks like|sounds like|tends? to|noticed|observed|apparently|usually|often|keeps)\b/u,
  ],
];

const FIRST_PERSON = /\b(i|i'm|i've|i'd|i'll|me|my|mine|we|we're|our|us)\b/u;
// "Paris is the capital" is a fact, "Maria runs the office" an observation: a bare name needs an action verb.
const THIRD_PERSON_START =
  /^((he|she|they|the user|user|the customer) \w+|[A-Z][a-z]+ (always|never|(?!(is|was|has|does)\b)\w+s))\b/u;

/** A note is typed by its opening: the rules' words past the first 4,000 characters do not change what it is. */
const TYPED_PREFIX = 4_000;

/** Rule-based type for a memory written without one. */
export function classifyMemoryType(content: string): MemoryType {
  const slot = detectSlot(content)?.slot ?? null;
  if (slot !== null) {
    // "we're moving to Lyon in March": a plan, not who the user is yet
    return plannedSlot(content, slot) ? MemoryType.GOAL : MemoryType.IDENTITY;
  }
  const text = content.slice(0, TYPED_PREFIX).normalize('NFKC').replace(/[’‘]/gu, "'").replace(/\s+/gu, ' ').trim();
  const lower = text.toLowerCase();
  const match = RULES.find(([, pattern]) => pattern.test(lower));
  if (match) {
    return match[0];
  }

  return !FIRST_PERSON.test(lower) && THIRD_PERSON_START.test(text) ? MemoryType.OBSERVATION : MemoryType.FACT;
}
