import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { EmbeddingUnavailableError } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MemoryStatus } from 'src/domain/memory.enums';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';
import { draft } from 'test/contract/memory-fixtures';
import { runIntegrityCheck } from 'test/support/integrity';

/** A hash embedder of another "model" that counts the texts it embeds, or fails like a provider that is down. */
class CountingEmbedder implements Embedder {
  readonly model: string;
  readonly dimensions = 64;
  texts = 0;
  down = false;
  private readonly inner = new HashEmbedder(64);

  constructor(model: string) {
    this.model = model;
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    if (this.down) {
      return Promise.reject(new EmbeddingUnavailableError('provider down'));
    }
    this.texts += texts.length;

    return this.inner.embed(texts);
  }
}

describe('TenantDataService on SQLite: vectors on import', () => {
  let dir: string;
  const opened: Stores[] = [];

  async function open(name: string, embedder: Embedder): Promise<Stores> {
    const stores = openSqliteStores(join(dir, `${name}.sqlite`));
    await stores.connection.init({ model: embedder.model, dimensions: embedder.dimensions });
    opened.push(stores);

    return stores;
  }

  async function exportOf(service: TenantDataService, tenantId: string): Promise<string[]> {
    const lines: string[] = [];
    for await (const line of service.exportLines(tenantId)) {
      lines.push(line);
    }

    return lines;
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'engram-tenant-service-'));
  });

  afterAll(async () => {
    for (const stores of opened) {
      await stores.connection.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('should embed every memory and message with the importing model once, and nothing on a second import', async () => {
    const before = new CountingEmbedder('model-a');
    const source = await open('source', before);
    const [vector] = await before.embed(['The user sails on Sundays']);
    await source.memories.insertMemory({
      memory: draft('t', 'The user sails on Sundays', { embeddingModel: before.model }),
      vector: vector ?? null,
      links: [],
      supersede: [],
    });
    await source.conversations.appendMessage({
      message: {
        id: randomUUID(),
        tenantId: 't',
        channelId: 'c',
        role: MessageRole.USER,
        speaker: 'Ann',
        trust: Trust.GUARDIAN,
        content: 'We sail on Sunday',
        tokenCount: 4,
        createdAt: new Date(),
        extractedAt: null,
      },
      vector: vector ?? null,
      projectId: null,
    });
    const lines = await exportOf(new TenantDataService(source.tenantData, source.entities, before), 't');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ embeddingModel: 'model-a' });

    const after = new CountingEmbedder('model-b');
    const target = await open('target', after);
    const service = new TenantDataService(target.tenantData, target.entities, after);
    const report = await service.importLines('t', lines);

    expect(report).toMatchObject({
      embeddingModel: 'model-b',
      unembedded: 0,
      memories: { created: 1 },
      messages: { created: 1 },
    });
    expect(after.texts).toBe(2);
    const [memory] = await target.tenantData.exportMemories('t', null, 10);
    expect(memory?.embeddingModel).toBe('model-b');
    const [query] = await after.embed(['The user sails on Sundays']);
    const hits = await target.memories.searchVectors('t', query ?? new Float32Array(64), 1, {
      statuses: [MemoryStatus.ACTIVE],
    });
    expect(hits.map((h) => h.id)).toEqual([memory?.id]);

    after.texts = 0;
    const again = await service.importLines('t', lines);
    expect(again.memories).toEqual({ created: 0, existing: 1, conflicts: 0 });
    expect(after.texts).toBe(0);
  });

  it('should store without vectors, found by full text, when the embedder is down', async () => {
    const before = new CountingEmbedder('model-a');
    const source = await open('source-2', before);
    await source.memories.insertMemory({
      memory: draft('u', 'The user keeps bees'),
      vector: null,
      links: [],
      supersede: [],
    });
    const lines = await exportOf(new TenantDataService(source.tenantData, source.entities, before), 'u');

    const down = new CountingEmbedder('model-b');
    down.down = true;
    const target = await open('target-2', down);
    const report = await new TenantDataService(target.tenantData, target.entities, down).importLines('u', lines);

    expect(report).toMatchObject({ unembedded: 1, memories: { created: 1 } });
    const hits = await target.memories.searchText('u', 'bees', 5, { statuses: [MemoryStatus.ACTIVE] });
    expect(hits).toHaveLength(1);
    expect((await target.tenantData.exportMemories('u', null, 10))[0]?.embeddingModel).toBeNull();
  });

  it('should leave an import that stopped half-way marked, so `check` reports it until the file is imported again', async () => {
    const embedder = new CountingEmbedder('model-a');
    const source = await open('source-3', embedder);
    for (const content of ['The user keeps bees in the garden', 'The user sells honey at the market']) {
      await source.memories.insertMemory({ memory: draft('v', content), vector: null, links: [], supersede: [] });
    }
    await source.conversations.appendMessage({
      message: {
        id: randomUUID(),
        tenantId: 'v',
        channelId: 'c',
        role: MessageRole.USER,
        speaker: null,
        trust: Trust.GUARDIAN,
        content: 'The bees swarmed today',
        tokenCount: 5,
        createdAt: new Date(),
        extractedAt: null,
      },
      vector: null,
      projectId: null,
    });
    const lines = await exportOf(new TenantDataService(source.tenantData, source.entities, embedder), 'v');

    const targetDir = mkdtempSync(join(dir, 'target-3-'));
    const stores = openSqliteStores(join(targetDir, 'engram.sqlite'));
    await stores.connection.init({ model: embedder.model, dimensions: embedder.dimensions });
    opened.push(stores);
    // the process dies (here: the store fails) after the messages are in and before the memories are
    const failing = Object.assign(Object.create(stores.tenantData) as typeof stores.tenantData, {
      importMemories: () => Promise.reject(new Error('disk I/O error')),
    });
    await expect(new TenantDataService(failing, stores.entities, embedder).importLines('v', lines)).rejects.toThrow(
      'disk I/O error',
    );

    const broken = await runIntegrityCheck(targetDir);
    expect(broken.ok).toBe(false);
    expect(broken.output).toMatch(/UNFINISHED_IMPORT \(tenant v\): 1/);

    const report = await new TenantDataService(stores.tenantData, stores.entities, embedder).importLines('v', lines);
    expect(report.memories.created).toBe(2);
    expect(report.messages.existing).toBe(1);
    const fixed = await runIntegrityCheck(targetDir);
    expect(fixed.output).toMatch(/clean/);
    expect(fixed.ok).toBe(true);
  }, 120_000);
});
