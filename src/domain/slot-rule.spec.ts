import { MemoryStatus, RelationType } from 'src/domain/memory.enums';
import { claimsSlot, retireSlotHolders } from 'src/domain/slot-rule';

describe(claimsSlot.name, () => {
  it('should claim a slot only for an ACTIVE memory with a slot', () => {
    expect(claimsSlot({ slot: 'name', status: MemoryStatus.ACTIVE })).toBe(true);
    expect(claimsSlot({ slot: 'name', status: MemoryStatus.QUARANTINED })).toBe(false);
    expect(claimsSlot({ slot: null, status: MemoryStatus.ACTIVE })).toBe(false);
  });
});

describe(retireSlotHolders.name, () => {
  it('should retire every holder with an UPDATES edge, keeping what the caller already retires as it is', () => {
    const caller = { supersede: ['a'], links: [{ toId: 'a', type: RelationType.CONTRADICTS, weight: 1 }] };

    expect(retireSlotHolders(caller, ['a', 'b'])).toEqual({
      supersede: ['a', 'b'],
      links: [
        { toId: 'a', type: RelationType.CONTRADICTS, weight: 1 },
        { toId: 'b', type: RelationType.UPDATES, weight: 1 },
      ],
    });
    expect(caller.supersede).toEqual(['a']);
    expect(retireSlotHolders({ supersede: [], links: [] }, [])).toEqual({ supersede: [], links: [] });
  });
});
