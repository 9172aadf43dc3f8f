import { MemoryType } from 'src/domain/memory.enums';
import { MAX_SLOT_TEXT } from 'src/language/slot-values';

// a standing instruction: a rule word at the start, or a want/need/should with always/never anywhere
const RULE_START =
  /^(?:(?:please|pls|remember(?: that)?|note(?: that)?|important|rule|fyi|husk(?: at)?|og|and)[:,]?\s+)*(?:always|never|don't ever|do not ever|must always|must never|should always|should never|you must|from now on|going forward|in (?:the )?future|every time|whenever|altid|aldrig|fremover|fra nu af|husk altid|du skal altid|du må aldrig|under no circumstances|stick to|avoid|(?:do not|don't|dont) (?:ever )?(?:mention|use|send|share|call|email|e-mail|contact|suggest|recommend|reply|respond|write|include|bring up|talk about|ask|assume|book|schedule|tell|give|post|add|put|say|show|wake|disturb|message|text|ping|cc|copy|sign|swear|curse|use)|only (?:suggest|use|recommend|reply|respond|answer|write|show|give|speak|talk|include|send|book|cite|quote|mention|offer|propose)|keep (?:answers|responses|replies|messages|summaries|emails|explanations|it|things) (?:short|brief|under|below|concise|simple|to)|(?:answer|reply|respond|write|talk|speak) (?:to me )?(?:only )?in)\b/iu;
const RULE_ANYWHERE =
  /\b(?:(?:i|we|you) (?:always|never) (?:want|need|prefer|like|use|expect|write|answer|reply)|(?:always|never) (?:use|answer|reply|respond|write|include|give|format|keep|show|send|call|mention|deploy|merge|ship|push|commit|put|add|start|end|ask|say)|(?:should|must|need to|have to) (?:always|never)|(?:make sure|be sure|remember|please|pls|and)(?: to| you)? (?:always|never)|(?:must|should) (?:always |never )?be (?:written|formatted|spelled|spelt|kept|given|shown|expressed|displayed|quoted|cited|in)|from now on|going forward|(?:jeg|vi) (?:vil|skal) (?:altid|aldrig)|(?:altid|aldrig) (?:svar|skriv|brug))\b|^\p{L}+ (?:altid|aldrig)\b/iu;
const SHARED_WORK =
  /\b(?:we|our|us|team|deploy|deploys|deployment|release|ship|merge|commit|push|production|prod|code|repo|branch|pr|vi|vores|holdet)\b/iu;

/** Verbs of an instruction to the assistant: "use TypeScript", "answer in German", "keep it short". */
const ASSISTANT_VERBS =
  'answer|reply|respond|write|use|include|format|cite|suggest|recommend|give me|show me|send me|explain|call me|' +
  'address me|talk to me|speak|avoid|stick to|mention|sign|leave out|skip';
// an instruction with its standing word after it, behind an optional "when ..., " of when it holds:
// "when you're writing code for me, use TypeScript not Python, always", "please answer in German from now on"
const STANDING_AFTER = new RegExp(
  String.raw`^(?:(?:when|whenever|if|for|in)\b[^,]{1,80},\s+)?(?:(?:please|pls|and|also|just|so)\s+)*(?:${ASSISTANT_VERBS})\b` +
    String.raw`[^.!?]{0,160}?(?<![\p{L}'])(?:always|every time|each time|from now on|going forward|in (?:the )?future|from here on)(?![\p{L}'])`,
  'iu',
);

// the same rule as another extractor reports it: "User never wants the assistant to suggest pork dishes"
const REPORTED_RULE = /\b(?:the user|user) (?:always|never) (?:wants|needs|prefers|likes|expects|asks)\b/iu;

/** Whether `content` is an instruction to the assistant that holds from now on, its standing word after the verb. */
export function isStandingInstruction(content: string): boolean {
  return STANDING_AFTER.test(content.slice(0, MAX_SLOT_TEXT).trim());
}

/** Whether `content` is a standing rule (always, never, from now on, altid, aldrig): tagged `constraint`. */
export function isStandingRule(content: string): boolean {
  const text = content.slice(0, MAX_SLOT_TEXT).trim();

  return RULE_START.test(text) || RULE_ANYWHERE.test(text) || STANDING_AFTER.test(text) || REPORTED_RULE.test(text);
}

/** The type a rule gets when the writer gave none: a team's way of working is a DECISION, the rest PREFERENCE. */
export function ruleType(content: string): MemoryType {
  return SHARED_WORK.test(content.slice(0, MAX_SLOT_TEXT)) ? MemoryType.DECISION : MemoryType.PREFERENCE;
}

const IMPERATIVE_VERBS =
  'pay|email|e-mail|mail|call|phone|ring|text|message|book|buy|order|send|renew|cancel|schedule|reschedule|fix|clean|' +
  'water|feed|pick up|return|submit|file|write|finish|check|update|pack|print|sign|charge|back up|review|reply to|' +
  'answer|visit|wash|walk|cook|bake|refill|top up|register|apply for|transfer|prepare|plan|move|ask|tell|remind|' +
  'follow up|confirm|collect|drop off|take out|vacuum|mow|repair|replace|install|download|upload|read|study|' +
  'practice|practise|finish|sort out|set up|arrange|invite|thank|contact|get|grab|bring|fill in|fill out|backup|' +
  'ring|post|ship|deliver|clear|empty|tidy|iron|shop for|look up|research|read up on|betal|ring til|køb|send|book';
const IMPERATIVE = new RegExp(
  String.raw`^(?:please |pls |todo:? |to do:? )?(?:${IMPERATIVE_VERBS})(?: [\p{L}\p{N}'&.,:/-]+){1,7}[.!]?$`,
  'iu',
);

/** A short imperative ("Pay rent", "Email Sam", "Book the car service"): a verb and its object, stored as a TODO. */
export function isShortImperative(content: string): boolean {
  const text = content.trim().replace(/\s+/gu, ' ');

  return text.length <= 80 && IMPERATIVE.test(text);
}
