import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadConfig } from 'src/config/config';
import { formatUsage, runLlmUsage } from 'src/cortex/llm-usage.command';
import { openStores } from 'src/store/stores';

describe(runLlmUsage.name, () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'engram-usage-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('should list the last days of LLM use per tenant and job, with a total per tenant', async () => {
    const config = loadConfig({ ENGRAM_DATA_DIR: dir, EMBEDDINGS: 'hash' });
    const stores = openStores(config.store);
    await stores.llmUsage.addUsage({
      tenantId: 'acme',
      job: 'rewrite-bulletin',
      day: '2026-06-01',
      calls: 2,
      promptTokens: 300,
      completionTokens: 120,
    });
    await stores.llmUsage.addUsage({
      tenantId: 'acme',
      job: 'consolidate-memories',
      day: '2026-06-02',
      calls: 1,
      promptTokens: 50,
      completionTokens: 20,
    });
    await stores.llmUsage.addUsage({
      tenantId: 'acme',
      job: 'rewrite-bulletin',
      day: '2026-05-01',
      calls: 9,
      promptTokens: 9,
      completionTokens: 9,
    });
    await stores.connection.close();

    const table = await runLlmUsage(config, 7, new Date('2026-06-02T12:00:00Z'));

    expect(table).toBe(
      [
        'day\ttenant\tjob\tcalls\tprompt tokens\tcompletion tokens',
        '2026-06-02\tacme\tconsolidate-memories\t1\t50\t20',
        '2026-06-01\tacme\trewrite-bulletin\t2\t300\t120',
        'total\tacme\t*\t3\t350\t140',
        '',
      ].join('\n'),
    );
    expect(formatUsage([])).toBe('day\ttenant\tjob\tcalls\tprompt tokens\tcompletion tokens\n');
  });
});
