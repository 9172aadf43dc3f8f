import { yieldToEventLoop } from 'src/common/event-loop';
import { runSteps } from 'src/common/steps';
import { MemoryType, SourceRole } from 'src/domain/memory.enums';
import type { MemoryStatus } from 'src/domain/memory.enums';
import { languageOf } from 'src/language/language-of';
import type { Retraction } from 'src/language/retractions';
import { isShortImperative, ruleType } from 'src/language/rules';
import type { ValueSwap } from 'src/language/value-swaps';
import { classifyMemoryType } from 'src/memory/classify';
import type { TrustLevel } from 'src/memory/guards/contamination';
import type { RememberCommand } from 'src/memory/remember-input';
import { ruleTags } from 'src/memory/rule-authority';
import { detectIntent } from 'src/memory/write/intent';
import type { Intent, IntentClassifier } from 'src/memory/write/intent';
import { normalise } from 'src/memory/write/normalise';
import { firewall, identityGuard, quarantineSteps } from 'src/memory/write/screen';
import { extractValues } from 'src/memory/write/values';

/** Where a write comes from, beyond what `remember` input carries (messages pass their trust). */
export interface WriteOrigin {
  trust?: TrustLevel;
  /**
   * False for what is learned in a private channel: it describes the user only there, so it must not claim a slot
   * (name, location, ...) and thereby retire the user's shared value. Default true.
   */
  claimsSlots?: boolean;
}

export interface ReadOptions {
  /** The firewall (questions, noise, placeholders); only an operator's trusted import turns it off. */
  firewall: boolean;
  /** Whether a self-description in the content claims its slot (remember), or only an explicit `slot` does (import). */
  detectSlots: boolean;
  /** Decides what patterns leave open (see detectIntent); none: patterns only. */
  classifier?: IntentClassifier;
}

export interface Screened {
  /** The content as stored: the user's words without the filler around them ("fwiw", "lol"). */
  content: string;
  type: MemoryType;
  slot: { name: string; value: string } | null;
  status: MemoryStatus;
  /** Why the write is quarantined, or why a rule it carried is stored as a note (see ruleTags); else null. */
  reason: string | null;
  /** The command's tags, with `constraint` added for a standing rule of the user or an operator (see ruleTags). */
  tags: string[];
  /** A trusted negated slot statement: the write retires what it takes back (see WriteDecider). */
  retracts: Retraction | null;
  /** A trusted taken-back habit or trait of no slot: the words of what ends ("I don't play tennis anymore"). */
  retractsFact: readonly string[] | null;
  /** A trusted correction that names two values but no slot ("I said Bristol but I meant Bath"). */
  swap: ValueSwap | null;
  intent: Intent;
}

/** The type of a write that gave none: a rule is a PREFERENCE or DECISION, a task or short imperative a TODO. */
function defaultType(content: string, intent: Intent): MemoryType {
  if (intent.slot !== null && intent.kind === 'state') {
    return MemoryType.IDENTITY;
  }
  if (intent.rule) {
    return ruleType(content);
  }

  return intent.kind === 'task' || isShortImperative(content) ? MemoryType.TODO : classifyMemoryType(content);
}

/**
 * A note that the user asked something, in one sentence: "The user asked how to reverse a list in Python.", "User
 * asked where they live." A question reported is no fact about the user, as the question itself is none.
 */
const REPORTED_QUESTION =
  /^(?:the )?user (?:asked|wondered|wanted to know|inquired|enquired)(?: the assistant| me| you| us)?(?: about)? (?:how|what|where|when|why|who|whom|which|whether|if)\b[^.!?]*[.!?]?$/iu;

/** How sure the classifier must be that a write no pattern read is chatter before the firewall refuses it. */
const CHATTER_FLOOR = 0.9;

/**
 * Whose writes the classifier may refuse as chatter: notes of a conversation. A task's, a tool's or the system's
 * record ("Weather digest: heavy rain expected in Oslo on Friday") is what that job produced, not small talk.
 */
const CONVERSATION_ROLES: ReadonlySet<SourceRole> = new Set([SourceRole.USER, SourceRole.ASSISTANT]);

/**
 * A write no pattern read that the classifier is sure is chatter: "User said hello.", "User asked about the weather
 * in Porto.", "Name: {{user.name}}", "user | lives_in | <unknown>" (what other extractors write of no fact).
 */
function isChatter(content: string, intent: Intent, role: SourceRole, classifier?: IntentClassifier): boolean {
  if (intent.by !== 'none' || !CONVERSATION_ROLES.has(role)) {
    return false;
  }
  if (REPORTED_QUESTION.test(content)) {
    return true;
  }
  if (classifier === undefined) {
    return false;
  }
  const said = classifier(content, languageOf(content));

  return said.intent === 'chatter' && said.confidence >= CHATTER_FLOOR;
}

/** What the write path makes of a write: the screened write, or why it is refused. */
export type ReadResult = { screened: Screened } | { rejection: string };

/** From this length a write is read over several event-loop turns (readWriteYielding) and yields between its later stages. */
export const LONG_READ_CHARS = 4_000;

/**
 * The one entry of the write path: `remember`, extraction (through `remember`) and imports all read a write here.
 * normalise -> detect intent -> extract values -> screen; what it returns, the decide and write stages act on
 * (MemoryWriteService). A rejection ends the write; an injection quarantines it.
 */
export function readWrite(command: RememberCommand, origin: WriteOrigin, options: ReadOptions): ReadResult {
  return runSteps(readStages(command, origin, options));
}

/**
 * readWrite, letting other requests run between its stages when the text is long: each stage costs time in
 * proportion to the text, and together they held the event loop 50-90 ms on 100 KB.
 */
export async function readWriteYielding(
  command: RememberCommand,
  origin: WriteOrigin,
  options: ReadOptions,
): Promise<ReadResult> {
  const long = command.content.length >= LONG_READ_CHARS;
  const stages = readStages(command, origin, options);
  let step = stages.next();
  while (!step.done) {
    if (long) {
      await yieldToEventLoop();
    }
    step = stages.next();
  }

  return step.value;
}

/** The stages of readWrite; each `yield` is a point where a long read may give the event loop back. */
function* readStages(command: RememberCommand, origin: WriteOrigin, options: ReadOptions): Generator<void, ReadResult> {
  const refused = options.firewall ? firewall(command) : null;
  if (refused !== null) {
    return { rejection: refused };
  }
  yield;
  const fromUser = command.source.role === SourceRole.USER;
  const claims = origin.claimsSlots !== false;
  // an import's content is stored as it came; a remember's without the filler around it
  const content = options.firewall ? normalise(command.content) : command.content;
  const intent = detectIntent(content, {
    slots: options.detectSlots,
    // a trusted speaker's claim about the user holds the slot in any person: "The user lives in Oslo"
    anyPerson: fromUser,
    // only the user takes back what the user said, and only in a channel whose memories describe the user
    takesBack: fromUser && claims && options.detectSlots && command.slot === null,
    ...(options.classifier ? { classifier: options.classifier } : {}),
  });
  if (options.firewall && isChatter(content, intent, command.source.role, options.classifier)) {
    return { rejection: 'chatter: a pleasantry, a placeholder or a note of what was said, no fact' };
  }
  yield;
  const slotName = claims ? (command.slot ?? (intent.kind === 'state' ? intent.slot : null)) : null;
  const values = extractValues(content, intent, slotName);
  const type = command.type ?? (values.slot ? MemoryType.IDENTITY : defaultType(content, intent));
  const intruder = identityGuard(command, type, values.slot?.name ?? null, origin.trust);
  if (intruder !== null) {
    return { rejection: intruder };
  }
  // a rule speaks for the user only from the user or an operator; from anyone else it is stored as a note
  const rules = ruleTags(command.tags, command.source.role, intent.rule);
  yield;
  const held = yield* quarantineSteps(command);

  return {
    screened: {
      content,
      type,
      tags: rules.tags,
      intent,
      ...values,
      status: held.status,
      reason: held.reason ?? rules.note,
    },
  };
}
