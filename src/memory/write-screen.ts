import { classifyMemoryType } from 'src/memory/classify';
import { guardContamination } from 'src/memory/guards/contamination';
import { guardFact } from 'src/memory/guards/firewall';
import { detectInjection } from 'src/memory/guards/injection';
import { detectSlot, detectUserClaim, slotValueIn } from 'src/memory/guards/slots';
import { MemoryStatus, MemoryType, SourceRole } from 'src/memory/memory.enums';
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
    const firewall = guardFact(command.content, { allowShort: command.explicit && fromUser });
    if (!firewall.ok) {
      return { rejection: firewall.reason };
    }
  }
  // a trusted speaker's claim about the user holds the slot in any person: "The user lives in Oslo" as "I live in Oslo"
  const detected = options.detectSlots ? (fromUser ? detectUserClaim(command.content) : detectSlot(command.content))?.slot : undefined;
  const slotName = origin.claimsSlots === false ? null : (command.slot ?? detected ?? null);
  const slot = slotName === null ? null : { name: slotName, value: slotValueIn(command.content, slotName) };
  const type = command.type ?? (slot ? MemoryType.IDENTITY : classifyMemoryType(command.content));
  // Content the user did not write must not describe the user in any person: "Your name is X" counts too.
  const claimed = slot?.name ?? (fromUser ? null : (detectUserClaim(command.content)?.slot ?? null));
  const contamination = guardContamination({ type, slot: claimed, role: command.source.role, trust: origin.trust });
  if (!contamination.ok) {
    return { rejection: contamination.reason };
  }
  const injection = detectInjection(command.content, command.source.role);

  return {
    screened: {
      type,
      slot,
      status: injection.quarantine ? MemoryStatus.QUARANTINED : MemoryStatus.ACTIVE,
      reason: injection.quarantine ? injection.reason : null,
    },
  };
}
