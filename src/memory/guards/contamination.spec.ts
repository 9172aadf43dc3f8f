import { MemoryType, SourceRole } from 'src/domain/memory.enums';
import { guardContamination } from 'src/memory/guards/contamination';
import type { ContaminationInput } from 'src/memory/guards/contamination';

describe(guardContamination.name, () => {
  const { USER, ASSISTANT, TOOL, TASK, SYSTEM } = SourceRole;

  it.each<[string, ContaminationInput]>([
    ['a user fact', { type: MemoryType.FACT, role: USER }],
    ['an assistant fact', { type: MemoryType.FACT, role: ASSISTANT }],
    ['a tool observation', { type: MemoryType.OBSERVATION, role: TOOL, slot: null }],
    ['an untrusted message preference', { type: MemoryType.PREFERENCE, role: USER, trust: 'UNKNOWN' }],
    ['user identity', { type: MemoryType.IDENTITY, role: USER }],
    ['user slot', { type: MemoryType.FACT, slot: 'name', role: USER }],
    ['guardian identity', { type: MemoryType.IDENTITY, slot: 'age', role: USER, trust: 'GUARDIAN' }],
  ])('should allow %s', (_label, input) => {
    expect(guardContamination(input)).toEqual({ ok: true });
  });

  it.each<[string, ContaminationInput, string]>([
    ['assistant identity', { type: MemoryType.IDENTITY, role: ASSISTANT }, 'not by ASSISTANT'],
    ['tool identity', { type: MemoryType.IDENTITY, role: TOOL }, 'not by TOOL'],
    ['task identity', { type: MemoryType.IDENTITY, role: TASK }, 'not by TASK'],
    ['system identity', { type: MemoryType.IDENTITY, role: SYSTEM }, 'not by SYSTEM'],
    ['assistant slot on a fact', { type: MemoryType.FACT, slot: 'location', role: ASSISTANT }, 'slot "location"'],
    ['tool slot', { type: MemoryType.IDENTITY, slot: 'name', role: TOOL }, 'slot "name"'],
    ['trusted-contact identity', { type: MemoryType.IDENTITY, role: USER, trust: 'TRUSTED_CONTACT' }, 'GUARDIAN'],
    ['unknown-trust slot', { type: MemoryType.FACT, slot: 'employer', role: USER, trust: 'UNKNOWN' }, 'GUARDIAN'],
  ])('should reject %s', (_label, input, reason) => {
    const result = guardContamination(input);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });
});
