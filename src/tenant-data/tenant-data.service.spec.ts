import { BadInputError, NotFoundError } from 'src/common/errors';
import { ConversationService } from 'src/conversation/conversation.service';
import { MessageRole } from 'src/domain/conversation.enums';
import { MemoryStatus } from 'src/domain/memory.enums';
import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';
import { openServiceKit } from 'test/support/service-kit';
import type { ServiceKit } from 'test/support/service-kit';

// each test opens a SQLite store and a Nest context: well under a second alone, seconds on a busy shared machine
jest.setTimeout(20_000);

/**
 * Export, import and purge orchestration over real SQLite stores: what is read and written in which order, and
 * that a refused file writes nothing. (The line format is in tenant-export.format.spec; vectors on import in
 * test/contract/tenant-data-service.int-spec; the CLI and REST in test/e2e/tenant-data.)
 */
describe(TenantDataService.name, () => {
  const tenant = 'acme';
  let source: ServiceKit;
  let target: ServiceKit;
  let sut: TenantDataService;

  async function exported(kit: ServiceKit, tenantId = tenant): Promise<string[]> {
    // entity links follow the writes: the file carries them once they are made
    await kit.get(OwedEntityLinks).settled();
    const lines: string[] = [];
    for await (const line of kit.get(TenantDataService).exportLines(tenantId, new Date('2025-01-01T00:00:00Z'))) {
      lines.push(line);
    }

    return lines;
  }

  async function seed(): Promise<void> {
    const conversations = source.get(ConversationService);
    await conversations.append(tenant, {
      channelId: 'general',
      role: MessageRole.USER,
      content: 'My name is Alice and I live in Lisbon',
    });
    await conversations.append(tenant, {
      channelId: 'garden',
      role: MessageRole.USER,
      content: 'The hives need a new coat of paint.',
    });
    await source.get(MemoryWriteService).remember(tenant, { content: 'The user keeps bees on the roof of the garage' });
  }

  async function memoriesOf(kit: ServiceKit, tenantId = tenant) {
    const statuses = [MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED];

    return kit.stores.memories.queryByMetadata(tenantId, { statuses }, 'recent', 100);
  }

  beforeEach(async () => {
    source = await openServiceKit();
    target = await openServiceKit();
    sut = target.get(TenantDataService);
  });

  afterEach(async () => {
    await source.close();
    await target.close();
  });

  it('should export the header first, then channels, messages and memories of the tenant only', async () => {
    await seed();
    await source.get(MemoryWriteService).remember('globex', { content: 'Globex ships anvils by rail' });

    const lines = (await exported(source)).map((line) => JSON.parse(line) as { kind: string; content?: string });

    expect(lines[0]?.kind).toBe('header');
    const kinds = lines.map((l) => l.kind);
    expect(kinds.indexOf('channel')).toBeLessThan(kinds.indexOf('message'));
    expect(kinds.indexOf('message')).toBeLessThan(kinds.indexOf('memory'));
    expect(kinds.filter((k) => k === 'channel')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'message')).toHaveLength(2);
    expect(lines.some((l) => l.content === 'Globex ships anvils by rail')).toBe(false);
  });

  it('should replace every id the tenant does not hold, list it, and derive the same ids the second time', async () => {
    await seed();
    const lines = await exported(source);

    const first = await sut.importLines(tenant, lines);
    const second = await sut.importLines(tenant, lines);

    const memories = await memoriesOf(source);
    const renamed = first.renamedIds.filter((r) => r.kind === 'memory');
    expect(renamed.map((r) => r.from).sort()).toEqual(memories.map((m) => m.id).sort());
    expect((await memoriesOf(target)).map((m) => m.id).sort()).toEqual(renamed.map((r) => r.to).sort());
    expect(second.memories).toEqual({ created: 0, existing: memories.length, conflicts: 0 });
    expect(second.renamedIds).toEqual(first.renamedIds);
  });

  it('should import an export with every id kept (keepIds), embedding with its own model, and change nothing the second time', async () => {
    await seed();
    const lines = await exported(source);

    const first = await sut.importLines(tenant, lines, { keepIds: true });
    const second = await sut.importLines(tenant, lines, { keepIds: true });

    const memories = await memoriesOf(source);
    expect(first.memories).toEqual({ created: memories.length, existing: 0, conflicts: 0 });
    expect(first.messages).toMatchObject({ created: 2, existing: 0 });
    expect(first.unembedded).toBe(0);
    expect(second.memories).toEqual({ created: 0, existing: memories.length, conflicts: 0 });
    expect(second.messages).toMatchObject({ created: 0, existing: 2 });
    expect((await memoriesOf(target)).map((m) => m.id).sort()).toEqual(memories.map((m) => m.id).sort());
    expect(await exported(target)).toEqual(lines);
  });

  it('should count what it could not embed when the embedder is down, and still import it', async () => {
    await seed();
    target.embedder.down = true;

    const report = await sut.importLines(tenant, await exported(source));

    expect(report.unembedded).toBe(report.memories.created + report.messages.created);
    expect((await memoriesOf(target)).every((m) => m.embeddingModel === null)).toBe(true);
  });

  it('should check the whole file before writing: a bad last line writes nothing', async () => {
    await seed();
    const lines = [...(await exported(source)), '{"kind":"memory","id":"not a memory"}'];

    await expect(sut.importLines(tenant, lines)).rejects.toThrow(BadInputError);
    await expect(sut.importLines(tenant, [])).rejects.toThrow(/empty/);
    await expect(sut.importLines(tenant, (await exported(source)).slice(1))).rejects.toThrow(/header/);

    expect(await memoriesOf(target)).toEqual([]);
    expect(await target.stores.conversations.listChannels(tenant, 10, null)).toEqual([]);
  });

  it("should purge the tenant's memories, messages and channels, and leave another tenant alone", async () => {
    await seed();
    await source.get(MemoryWriteService).remember('globex', { content: 'Globex ships anvils by rail' });

    const purged = await source.get(TenantDataService).purgeTenant(tenant);

    expect(purged.jobs).toBe(0);
    expect(await memoriesOf(source)).toEqual([]);
    expect(await source.stores.conversations.listChannels(tenant, 10, null)).toEqual([]);
    expect(await memoriesOf(source, 'globex')).toHaveLength(1);
  });

  it('should delete one channel, and name a channel the tenant does not have', async () => {
    await seed();
    const service = source.get(TenantDataService);

    const purged = await service.deleteChannel(tenant, 'garden', false);

    expect(purged.channels).toBe(1);
    expect((await source.stores.conversations.listChannels(tenant, 10, null)).map((c) => c.id)).toEqual(['general']);
    await expect(service.deleteChannel(tenant, 'garden', false)).rejects.toThrow(NotFoundError);
    await expect(service.deleteChannel('globex', 'general', false)).rejects.toThrow(NotFoundError);
  });
});
