import type { AppConfig } from 'src/config/config';
import { utcDay } from 'src/cortex/llm-budget.service';
import type { LlmUsageEntry } from 'src/store/llm-usage-store.port';
import { openStores } from 'src/store/stores';

const DAY_MS = 86_400_000;

/** The operators' table: one row per day, tenant and job, then a total per tenant. */
export function formatUsage(rows: readonly LlmUsageEntry[]): string {
  const lines = ['day\ttenant\tjob\tcalls\tprompt tokens\tcompletion tokens'];
  const totals = new Map<string, LlmUsageEntry>();
  for (const row of rows) {
    lines.push([row.day, row.tenantId, row.job, row.calls, row.promptTokens, row.completionTokens].join('\t'));
    const total = totals.get(row.tenantId) ?? {
      ...row,
      day: 'total',
      job: '*',
      calls: 0,
      promptTokens: 0,
      completionTokens: 0,
    };
    totals.set(row.tenantId, {
      ...total,
      calls: total.calls + row.calls,
      promptTokens: total.promptTokens + row.promptTokens,
      completionTokens: total.completionTokens + row.completionTokens,
    });
  }
  for (const total of totals.values()) {
    lines.push(
      [total.day, total.tenantId, total.job, total.calls, total.promptTokens, total.completionTokens].join('\t'),
    );
  }

  return `${lines.join('\n')}\n`;
}

/** `node dist/main.js llm-usage [days]`: LLM calls and tokens per tenant and job over the last days (default 7). */
export async function runLlmUsage(config: AppConfig, days: number, now = new Date()): Promise<string> {
  const stores = openStores(config.store);
  try {
    const since = utcDay(new Date(now.getTime() - Math.max(0, days - 1) * DAY_MS));

    return formatUsage(await stores.llmUsage.listUsage(since));
  } finally {
    await stores.connection.close();
  }
}
