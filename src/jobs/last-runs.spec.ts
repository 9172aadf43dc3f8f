import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { JobName } from 'src/domain/job.types';
import type { JobHandlerMap } from 'src/domain/job.types';
import { readLastRuns, recordLastRuns } from 'src/jobs/last-runs';
import { openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';

describe('recordLastRuns', () => {
  let dir: string;
  let stores: Stores;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'engram-last-runs-'));
    stores = openSqliteStores(join(dir, 'engram.db'));
  });

  afterAll(async () => {
    await stores.connection.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("should keep each cortex job's last run per tenant, failed ones too, and leave other jobs alone", async () => {
    const handlers = Object.fromEntries(
      Object.values(JobName).map((job) => [
        job,
        () => (job === JobName.ConsolidateMemories ? Promise.reject(new Error('down')) : Promise.resolve({ job })),
      ]),
    ) as unknown as JobHandlerMap;
    const recorded = recordLastRuns(handlers, stores.graph);

    await expect(recorded[JobName.RefreshBulletin]({ tenantId: 'ada' })).resolves.toEqual({
      job: JobName.RefreshBulletin,
    });
    await expect(recorded[JobName.ConsolidateMemories]({ tenantId: 'ada' })).rejects.toThrow('down');
    await recorded[JobName.RecordAccess]({ tenantId: 'ada', ids: [], at: new Date().toISOString() });

    const runs = await readLastRuns(stores.graph, 'ada');
    expect(runs[JobName.RefreshBulletin]).toEqual({
      at: expect.any(String) as string,
      result: 'completed',
      ms: expect.any(Number) as number,
    });
    expect(runs[JobName.ConsolidateMemories]).toMatchObject({ result: 'failed' });
    expect(runs[JobName.MaintainMemories]).toBeNull();
    await expect(readLastRuns(stores.graph, 'bob')).resolves.toMatchObject({ [JobName.RefreshBulletin]: null });
  });
});
