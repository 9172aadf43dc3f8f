import type { LlmUsageEntry, LlmUsageStore } from 'src/store/llm-usage-store.port';
import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';

export class SqliteLlmUsageStore implements LlmUsageStore {
  constructor(private readonly database: SqliteDatabase) {}

  addUsage(entry: LlmUsageEntry): Promise<void> {
    this.database
      .stmt(
        `INSERT INTO llm_usage (tenant_id, job, day, calls, prompt_tokens, completion_tokens) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id, job, day) DO UPDATE SET calls = calls + excluded.calls,
           prompt_tokens = prompt_tokens + excluded.prompt_tokens, completion_tokens = completion_tokens + excluded.completion_tokens`,
      )
      .run(entry.tenantId, entry.job, entry.day, entry.calls, entry.promptTokens, entry.completionTokens);

    return Promise.resolve();
  }

  callsOn(tenantId: string, job: string, day: string): Promise<number> {
    const row = this.database
      .stmt<{ calls: number }>('SELECT calls FROM llm_usage WHERE tenant_id = ? AND job = ? AND day = ?')
      .get(tenantId, job, day);

    return Promise.resolve(row?.calls ?? 0);
  }

  listUsage(sinceDay: string): Promise<LlmUsageEntry[]> {
    const rows = this.database
      .stmt<{
        tenant_id: string;
        job: string;
        day: string;
        calls: number;
        prompt_tokens: number;
        completion_tokens: number;
      }>('SELECT * FROM llm_usage WHERE day >= ? ORDER BY day DESC, tenant_id, job')
      .all(sinceDay);

    return Promise.resolve(
      rows.map((row) => ({
        tenantId: row.tenant_id,
        job: row.job,
        day: row.day,
        calls: row.calls,
        promptTokens: row.prompt_tokens,
        completionTokens: row.completion_tokens,
      })),
    );
  }
}
