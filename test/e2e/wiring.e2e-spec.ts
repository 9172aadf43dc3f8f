import { ModulesContainer } from '@nestjs/core';

import { ApiKeyService } from 'src/auth/api-key.service';
import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import { InProcessQueue } from 'src/jobs/in-process.queue';
import { RateLimitService } from 'src/rate-limit/rate-limit.service';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

/** The API process's module graph, read from Nest's container: who provides what, and what is global. */
describe('module wiring (e2e)', () => {
  let t: TestApp;
  let modules: { name: string; global: boolean; providers: unknown[] }[];

  beforeAll(async () => {
    t = await startTestApp();
    modules = [...t.app.get(ModulesContainer).values()].map((m) => ({
      name: m.metatype.name,
      global: m.isGlobal,
      providers: [...m.providers.keys()],
    }));
  });

  afterAll(() => t.close());

  it('should provide ApiKeyService and RateLimitService once each, for GraphQL, REST and MCP alike', () => {
    expect(modules.filter((m) => m.providers.includes(ApiKeyService)).map((m) => m.name)).toEqual(['AuthModule']);
    expect(modules.filter((m) => m.providers.includes(RateLimitService)).map((m) => m.name)).toEqual([
      'RateLimitModule',
    ]);
  });

  it('should make global only configuration, the store ports and the job queue among its own modules', () => {
    const ours = modules.filter(
      (m) => m.global && /^(Core|Store|Jobs|PubSub|RateLimit|BulletinReader|EmbeddingMigration)Module$/.test(m.name),
    );

    expect(ours.map((m) => m.name).sort()).toEqual(['CoreModule', 'JobsModule', 'StoreModule']);
  });

  it('should hand the job handlers to the in-process queue during init, so a job runs', async () => {
    const queue = t.app.get<JobQueue>(JOB_QUEUE);
    expect(queue).toBeInstanceOf(InProcessQueue);

    await queue.enqueue(JobName.RecordAccess, { tenantId: 'alice', ids: [], at: new Date().toISOString() });
    await (queue as InProcessQueue).drain();

    expect((await queue.counts())['maintenance']).toEqual({ active: 0, failed: 0 });
  });
});
