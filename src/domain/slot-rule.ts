import type { InsertMemoryCommand, LinkDraft, MemoryDraft } from 'src/domain/memory-store.port';
import { MemoryStatus, RelationType } from 'src/domain/memory.enums';

/** Whether inserting this memory claims its slot: only an ACTIVE memory with a slot does. */
export function claimsSlot(
  memory: Pick<MemoryDraft, 'slot' | 'status'>,
): memory is { slot: string; status: MemoryStatus } {
  return memory.slot !== null && memory.status === MemoryStatus.ACTIVE;
}

/**
 * Corrections win, at most one ACTIVE memory per tenant and slot: an insert that claims a slot retires every other
 * ACTIVE holder of it (`holderIds`, read by the store inside the insert's transaction, so the newest value wins
 * whatever a concurrent write saw), each with an UPDATES edge (weight 1) unless the caller already retires it. The
 * store adapters run this rule; they only find the holders.
 */
export function retireSlotHolders(
  command: Pick<InsertMemoryCommand, 'links' | 'supersede'>,
  holderIds: readonly string[],
): { supersede: string[]; links: LinkDraft[] } {
  const supersede = [...command.supersede];
  const links = [...command.links];
  for (const id of holderIds.filter((holder) => !supersede.includes(holder))) {
    supersede.push(id);
    links.push({ toId: id, type: RelationType.UPDATES, weight: 1 });
  }

  return { supersede, links };
}
