import { MemoryStatus, MemoryType, SourceRole } from 'src/domain/memory.enums';
import { scopedFingerprint } from 'src/memory/memory-draft';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { parseRememberRequest } from 'src/memory/remember-input';
import { WriteDecider } from 'src/memory/write/decide';
import type { Candidate } from 'src/memory/write/decide';
import { openServiceKit } from 'test/support/service-kit';
import type { ServiceKit } from 'test/support/service-kit';

jest.setTimeout(20_000);

/** The decide stage over a real SQLite store: what a read write would do, before anything is written. */
describe(WriteDecider.name, () => {
  const tenant = 'acme';
  let kit: ServiceKit;
  let sut: WriteDecider;

  function candidate(content: string, over: Partial<Candidate> = {}): Candidate {
    const command = parseRememberRequest({ content, source: { role: SourceRole.USER } }, 10_000);

    return {
      command,
      type: MemoryType.FACT,
      slot: null,
      fingerprint: scopedFingerprint(command),
      status: MemoryStatus.ACTIVE,
      reason: null,
      retracts: null,
      retractsFact: null,
      swap: null,
      ...over,
    };
  }

  async function vector(text: string): Promise<Float32Array> {
    const [embedded] = await kit.embedder.embed([text]);

    return embedded!;
  }

  beforeEach(async () => {
    kit = await openServiceKit();
    sut = kit.get(WriteDecider);
  });

  afterEach(() => kit.close());

  it('should reinforce the holder of the same slot value, and supersede a holder of another', async () => {
    const held = await kit.get(MemoryWriteService).remember(tenant, { content: 'I live in Oslo' });
    const same = candidate('Oslo is where I live', {
      type: MemoryType.IDENTITY,
      slot: { name: 'location', value: 'oslo' },
    });
    const moved = candidate('I moved to Bergen', {
      type: MemoryType.IDENTITY,
      slot: { name: 'location', value: 'bergen' },
    });

    expect(await sut.decide(tenant, same, await vector(same.command.content))).toMatchObject({
      kind: 'reinforce',
      memory: { id: held.memory?.id },
    });
    expect(await sut.decide(tenant, moved, await vector(moved.command.content))).toMatchObject({
      kind: 'create',
      supersede: [held.memory?.id],
    });
  });

  it('should retire what a retraction takes back and never take it for a duplicate', async () => {
    const held = await kit.get(MemoryWriteService).remember(tenant, { content: 'I work at Hooli' });
    const left = candidate('I left Hooli', { retracts: { slot: 'employer', value: 'hooli' } });

    expect(await sut.decide(tenant, left, await vector(left.command.content))).toMatchObject({
      kind: 'create',
      supersede: [held.memory?.id],
    });
  });

  it('should retire a plan the user calls off', async () => {
    const held = await kit
      .get(MemoryWriteService)
      .remember(tenant, { content: "I'm planning a trip to Patagonia in March.", type: MemoryType.GOAL });
    const off = candidate('User cancelled the Patagonia trip.', { retractsFact: ['patagonia', 'trip'] });

    expect(await sut.decide(tenant, off, await vector(off.command.content))).toMatchObject({
      kind: 'create',
      supersede: [held.memory?.id],
    });
  });

  it('should reinforce the same statement said with another verb', async () => {
    const held = await kit.get(MemoryWriteService).remember(tenant, { content: 'Plays bass in The Night Owls' });
    const again = candidate('User is the bassist in The Night Owls');

    expect(await sut.decide(tenant, again, await vector(again.command.content))).toMatchObject({
      kind: 'reinforce',
      memory: { id: held.memory?.id },
    });
  });

  it('should correct a slot whose value only names the old one: "it is Jonah, not Jonas" after "Jonas Berg"', async () => {
    await kit.get(MemoryWriteService).remember(tenant, { content: 'My name is Jonas Berg.' });
    const swap = candidate('I spelled my name wrong, it is Jonah, not Jonas.', {
      swap: { from: 'Jonas', to: 'Jonah' },
    });
    const reread = (command: Candidate['command']): Candidate => candidate(command.content, { slot: null });

    expect(await sut.resolveSwap(tenant, swap, reread)).toMatchObject({
      command: { content: 'My name is Jonah Berg.' },
    });
  });

  it('should correct the one held value of the new one\'s shape: "wait, I meant March" after "12 April"', async () => {
    await kit.get(MemoryWriteService).remember(tenant, { content: 'My birthday is 12 April.' });
    await kit.get(MemoryWriteService).remember(tenant, { content: 'I live in Bristol.' });
    const meant = candidate('wait, I meant March', { swap: { from: null, to: 'March' } });
    const reread = (command: Candidate['command']): Candidate => candidate(command.content, { slot: null });

    expect(await sut.resolveSwap(tenant, meant, reread)).toMatchObject({
      command: { content: 'My birthday is 12 March.' },
    });
  });
});
