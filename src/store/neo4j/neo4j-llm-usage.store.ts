import { int } from 'neo4j-driver';

import type { LlmUsageEntry, LlmUsageStore } from 'src/store/llm-usage-store.port';
import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import { toNumber, toOptionalNumber, toText } from 'src/store/neo4j/neo4j-values';

export class Neo4jLlmUsageStore implements LlmUsageStore {
  constructor(private readonly connection: Neo4jConnection) {}

  async addUsage(entry: LlmUsageEntry): Promise<void> {
    await this.connection.write('llm-usage.store#addUsage', (tx) =>
      this.connection.run(tx, 'cortex/add-llm-usage', {
        tenantId: entry.tenantId,
        job: entry.job,
        day: entry.day,
        calls: int(entry.calls),
        promptTokens: int(entry.promptTokens),
        completionTokens: int(entry.completionTokens),
      }),
    );
  }

  async callsOn(tenantId: string, job: string, day: string): Promise<number> {
    const [row] = await this.connection.read('llm-usage.store#callsOn', (tx) =>
      this.connection.run(tx, 'cortex/count-llm-calls', { tenantId, job, day }),
    );

    return toOptionalNumber(row?.['calls'], 'calls') ?? 0;
  }

  async listUsage(sinceDay: string): Promise<LlmUsageEntry[]> {
    const rows = await this.connection.read('llm-usage.store#listUsage', (tx) =>
      this.connection.run(tx, 'cortex/list-llm-usage', { sinceDay }),
    );

    return rows.map((row) => ({
      tenantId: toText(row['tenantId'], 'tenantId'),
      job: toText(row['job'], 'job'),
      day: toText(row['day'], 'day'),
      calls: toNumber(row['calls'], 'calls'),
      promptTokens: toNumber(row['promptTokens'], 'promptTokens'),
      completionTokens: toNumber(row['completionTokens'], 'completionTokens'),
    }));
  }
}
