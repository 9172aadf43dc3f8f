import { MemoryType, SourceRole } from 'src/domain/memory.enums';
import type { GuardResult } from 'src/memory/guards/firewall';

/** Mirrors the contract's `Trust` enum; only GUARDIAN messages may set who the user is. */
export type TrustLevel = 'GUARDIAN' | 'TRUSTED_CONTACT' | 'UNKNOWN';

export interface ContaminationInput {
  type: MemoryType;
  slot?: string | null;
  role: SourceRole;
  /** Present only when the write comes from a message. */
  trust?: TrustLevel;
}

/** Identity and slot values describe the user, so only the user (a GUARDIAN, when speaking in a message) sets them. */
export function guardContamination({ type, slot, role, trust }: ContaminationInput): GuardResult {
  const what = slot ? `slot "${slot}"` : type === MemoryType.IDENTITY ? 'identity' : null;
  if (what === null) {
    return { ok: true };
  }
  if (role !== SourceRole.USER) {
    return { ok: false, reason: `rejected: ${what} can only be set by the user, not by ${role} content` };
  }
  if (trust !== undefined && trust !== 'GUARDIAN') {
    return { ok: false, reason: `rejected: ${what} can only be set from GUARDIAN messages, not ${trust}` };
  }

  return { ok: true };
}
