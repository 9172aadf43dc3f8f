import { runSteps } from 'src/common/steps';
import { MemoryStatus, SourceRole } from 'src/domain/memory.enums';
import type { MemoryType } from 'src/domain/memory.enums';
import { askedRequest } from 'src/language/requests';
import { isShortImperative } from 'src/language/rules';
import { detectUserClaim } from 'src/language/slots';
import { guardContamination } from 'src/memory/guards/contamination';
import type { TrustLevel } from 'src/memory/guards/contamination';
import { guardFact } from 'src/memory/guards/firewall';
import { injectionSteps } from 'src/memory/guards/injection';
import type { RememberCommand } from 'src/memory/remember-input';

/**
 * Stage 5 of the write path: the guards. The firewall keeps questions, chatter, courtesies and placeholders out; the
 * identity guard keeps anyone but the user from saying who the user is; an injection quarantines the write.
 */

/** The firewall: null when `command` may be a memory, else why not. */
export function firewall(command: RememberCommand): string | null {
  const fromUser = command.source.role === SourceRole.USER;
  // "can you remind me to ...?" is judged as the reminder it asks for (normalise writes it so), not as a question
  const content = askedRequest(command.content) ?? command.content;
  const result = guardFact(content, {
    allowShort: (command.explicit && fromUser) || isShortImperative(content),
  });

  return result.ok ? null : result.reason;
}

/**
 * Contamination and the identity guard: content the user did not write must not describe the user in any person
 * ("Your name is X" counts too). Null when the write may stand, else why not.
 */
export function identityGuard(
  command: RememberCommand,
  type: MemoryType,
  slot: string | null,
  trust: TrustLevel | undefined,
): string | null {
  const fromUser = command.source.role === SourceRole.USER;
  const claimed = slot ?? (fromUser ? null : (detectUserClaim(command.content)?.slot ?? null));
  const result = guardContamination({ type, slot: claimed, role: command.source.role, trust });

  return result.ok ? null : result.reason;
}

/** quarantine in steps (see injectionScanSteps). */
export function* quarantineSteps(
  command: RememberCommand,
): Generator<void, { status: MemoryStatus; reason: string | null }> {
  const injection = yield* injectionSteps(command.content, command.source.role);

  return injection.quarantine
    ? { status: MemoryStatus.QUARANTINED, reason: injection.reason }
    : { status: MemoryStatus.ACTIVE, reason: null };
}

/** ACTIVE, or QUARANTINED with why when the content carries an injection. */
export function quarantine(command: RememberCommand): { status: MemoryStatus; reason: string | null } {
  return runSteps(quarantineSteps(command));
}
