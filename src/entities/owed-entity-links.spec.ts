import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { MetricsService } from 'src/metrics/metrics.service';
import { seriesValue } from 'test/support/prometheus-text';
import { openServiceKit } from 'test/support/service-kit';
import type { ServiceKit } from 'test/support/service-kit';

jest.setTimeout(30_000);

const TENANTS = ['acme', 'globex'];

/**
 * A process that ends before its owed links are made (kill -9, a crash) loses what its in-process loop held: the
 * first kit drops every `owe`, as such a process would, and the links must still come after a restart.
 */
describe('OwedEntityLinks across a restart', () => {
  let dataDir: string;
  const kits: ServiceKit[] = [];

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-owed-links-'));
  });
  afterEach(async () => {
    for (const kit of kits.splice(0)) {
      await kit.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One write per tenant; the second claims a slot, whose value the linker reads beside the content. */
  async function write(kit: ServiceKit): Promise<string[]> {
    const ids: string[] = [];
    for (const [i, tenantId] of TENANTS.entries()) {
      const outcome = await kit
        .get(MemoryWriteService)
        .remember(tenantId, { content: i === 0 ? 'My sister Ana moved to Lisbon' : 'I live in Porto now' });
      ids.push(outcome.memory?.id ?? 'not written');
    }

    return ids;
  }

  /** A kit over `dataDir` whose in-process loop never runs: what the writes owe is left to the store. */
  async function processThatEndsBeforeLinking(): Promise<{ kit: ServiceKit; ids: string[] }> {
    const kit = await openServiceKit({ dataDir });
    kits.push(kit);
    jest.spyOn(kit.get(OwedEntityLinks), 'owe').mockImplementation(() => undefined);

    return { kit, ids: await write(kit) };
  }

  /** The links the same writes get from a process that lives on (its own store). */
  async function linkedByALiveProcess(): Promise<string[][]> {
    const kit = await openServiceKit();
    kits.push(kit);
    const ids = await write(kit);
    await kit.get(OwedEntityLinks).settled();

    return linkedNames(kit, ids);
  }

  async function linkedNames(kit: ServiceKit, ids: string[]): Promise<string[][]> {
    const names: string[][] = [];
    for (const [i, tenantId] of TENANTS.entries()) {
      const id = ids[i] ?? '';
      const linked = await kit.stores.entities.entitiesOfMemories(tenantId, [id]);
      names.push((linked.get(id) ?? []).map((e) => e.name).sort());
    }

    return names;
  }

  it('should link, after a new boot on the same data dir, the writes of every tenant a process ended before linking', async () => {
    const first = await processThatEndsBeforeLinking();
    await first.kit.get(OwedEntityLinks).settled();
    await expect(linkedNames(first.kit, first.ids)).resolves.toEqual([[], []]);
    await first.kit.close();
    kits.splice(0);

    const restarted = await openServiceKit({ dataDir });
    kits.push(restarted);
    await restarted.get(OwedEntityLinks).settled();

    const expected = await linkedByALiveProcess();
    expect(expected[0]).toEqual(['Ana', 'Lisbon']);
    expect(expected[1]).toContain('User');
    await expect(linkedNames(restarted, first.ids)).resolves.toEqual(expected);
    await expect(restarted.stores.entities.countOwedLinks(null)).resolves.toEqual({ items: 0, oldest: null });
  });

  it('should show in the gauges what the store holds owed, whichever process wrote it', async () => {
    const { kit } = await processThatEndsBeforeLinking();
    const scrape = await kit.get(MetricsService).scrape();

    expect(seriesValue(scrape, 'engram_backlog_items{kind="entity_links"}')).toBe(2);
    expect(seriesValue(scrape, 'engram_backlog_oldest_age_seconds{kind="entity_links"}')).toBeGreaterThan(0);
  });

  it('should keep what is written while ENTITY_LINKING is false owed, and link it once a process boots with it on', async () => {
    const off = await openServiceKit({ dataDir, env: { ENTITY_LINKING: 'false' } });
    kits.push(off);
    const ids = await write(off);
    await off.get(OwedEntityLinks).settled();
    await expect(linkedNames(off, ids)).resolves.toEqual([[], []]);
    await expect(off.stores.entities.countOwedLinks(null)).resolves.toMatchObject({ items: 2 });
    await off.close();
    kits.splice(0);

    const on = await openServiceKit({ dataDir });
    kits.push(on);
    await on.get(OwedEntityLinks).settled();

    await expect(linkedNames(on, ids)).resolves.toEqual(await linkedByALiveProcess());
    await expect(on.stores.entities.countOwedLinks(null)).resolves.toEqual({ items: 0, oldest: null });
  });
});
