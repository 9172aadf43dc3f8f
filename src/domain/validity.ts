import type { MemoryRecord } from 'src/domain/memory.types';

/** A memory holds from when it happened (validFrom, its occurredAt) until a correction or retraction ends it. */
export function validFrom(memory: Pick<MemoryRecord, 'occurredAt'>): Date {
  return memory.occurredAt;
}

/** Believed true at `asOf`: validFrom ≤ asOf < validUntil (no validUntil: nothing has ended it). */
export function validAt(memory: Pick<MemoryRecord, 'occurredAt' | 'validUntil'>, asOf: Date): boolean {
  const at = asOf.getTime();

  return validFrom(memory).getTime() <= at && (memory.validUntil === null || memory.validUntil.getTime() > at);
}
