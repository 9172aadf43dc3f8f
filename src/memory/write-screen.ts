import { MemoryStatus, MemoryType, SourceRole } from 'src/domain/memory.enums';
import { detectFactRetraction, detectRetraction } from 'src/language/retractions';
import type { Retraction } from 'src/language/retractions';
import { CONSTRAINT_TAG, isShortImperative, isStandingRule, ruleType } from 'src/language/rules';
import { detectSlot, detectUserClaim, slotValueIn } from 'src/language/slots';
import { detectValueSwap } from 'src/language/value-swaps';
import type { ValueSwap } from 'src/language/value-swaps';
import { classifyMemoryType } from 'src/memory/classify';
import { guardContamination } from 'src/memory/guards/contamination';
import { guardFact } from 'src/memory/guards/firewall';
import { detectInjection } from 'src/memory/guards/injection';
import type { RememberCommand } from 'src/memory/remember-input';

/** Where a write comes from, beyond what `remember` input carries (messages pass their trust). */
export interface WriteOrigin {
  trust?: 'GUARDIAN' | 'TRUSTED_CONTACT' | 'UNKNOWN';
  /**
   * False for what is learned in a private channel: it describes the user only there, so it must not claim a slot
   * (name, location, ...) and thereby retire the user's shared value. Default true.
   */
  claimsSlots?: boolean;
}

export interface ScreenOptions {
  /** The firewall (questions, noise, placeholders); only an operator's trusted import turns it off. */
  firewall: boolean;
  /** Whether a self-description in the content claims its slot (remember), or only an explicit `slot` does (import). */
  detectSlots: boolean;
}

export interface Screened {
  type: MemoryType;
  slot: { name: string; value: string } | null;
  status: MemoryStatus;
  /** Why the write is quarantined; null when it is not. */
  reason: string | null;
  /** The command's tags, with `constraint` added for a standing rule. */
  tags: string[];
  /** A trusted negated slot statement: the write retires what it takes back (see MemoryWriteService). */
  retracts: Retraction | null;
  /** A trusted taken-back habit or trait of no slot: the words of what ends ("I don't play tennis anymore"). */
  retractsFact: string[] | null;
  /** A trusted correction that names two values but no slot ("I said Bristol but I meant Bath"). */
  swap: ValueSwap | null;
}

/**
 * The guards every write passes, `remember` and `importMemories` alike: firewall, contamination, injection. A
 * rejection ends the write; an injection quarantines it.
 */
export function screenWrite(
  command: RememberCommand,
  origin: WriteOrigin,
  options: ScreenOptions,
): { screened: Screened } | { rejection: string } {
  const fromUser = command.source.role === SourceRole.USER;
  if (options.firewall) {
    const firewall = guardFact(command.content, {
      allowShort: (command.explicit && fromUser) || isShortImperative(command.content),
    });
    if (!firewall.ok) {
      return { rejection: firewall.reason };
    }
  }
  // a trusted speaker's claim about the user holds the slot in any person: "The user lives in Oslo" as "I live in Oslo"
  const detected = options.detectSlots
    ? (fromUser ? detectUserClaim(command.content) : detectSlot(command.content))?.slot
    : undefined;
  const slotName = origin.claimsSlots === false ? null : (command.slot ?? detected ?? null);
  const slot = slotName === null ? null : { name: slotName, value: slotValueIn(command.content, slotName) };
  // a rule may also set a slot ("Always reply in Spanish": the language): it is still a rule the agent always sees
  const rule = isStandingRule(command.content);
  const type = command.type ?? (slot ? MemoryType.IDENTITY : defaultType(command.content, rule));
  // Content the user did not write must not describe the user in any person: "Your name is X" counts too.
  const claimed = slot?.name ?? (fromUser ? null : (detectUserClaim(command.content)?.slot ?? null));
  const contamination = guardContamination({ type, slot: claimed, role: command.source.role, trust: origin.trust });
  if (!contamination.ok) {
    return { rejection: contamination.reason };
  }
  const injection = detectInjection(command.content, command.source.role);
  // only the user takes back what the user said, and only in a channel whose memories describe the user
  const takesBack = fromUser && slot === null && origin.claimsSlots !== false && options.detectSlots;
  const retracts = takesBack ? detectRetraction(command.content) : null;

  return {
    screened: {
      type,
      slot,
      status: injection.quarantine ? MemoryStatus.QUARANTINED : MemoryStatus.ACTIVE,
      reason: injection.quarantine ? injection.reason : null,
      tags: rule && !command.tags.includes(CONSTRAINT_TAG) ? [...command.tags, CONSTRAINT_TAG] : command.tags,
      retracts,
      swap: takesBack && retracts === null ? detectValueSwap(command.content) : null,
      retractsFact: takesBack ? factsTakenBack(command.content, retracts) : null,
    },
  };
}

/** The words of a habit or trait the write ends; "I'm not a vegetarian anymore" reads as an occupation too. */
function factsTakenBack(content: string, retracts: Retraction | null): string[] | null {
  if (retracts === null) {
    return detectFactRetraction(content);
  }

  return retracts.slot === 'occupation' && retracts.value !== null ? retracts.value.split(' ') : null;
}

/** The type of a write that gave none: a rule is a PREFERENCE or DECISION, a short imperative a TODO. */
function defaultType(content: string, rule: boolean): MemoryType {
  if (rule) {
    return ruleType(content);
  }

  return isShortImperative(content) ? MemoryType.TODO : classifyMemoryType(content);
}
