import { withProgress } from 'src/common/progress';
import type { AppConfig } from 'src/config/config';
import { ReembedService } from 'src/embedding/migration/reembed.service';
import type { ReembedReport } from 'src/embedding/migration/reembed.service';
import { createEmbedderWithModel } from 'src/embedding/onnx/ensure-model';
import { openStores } from 'src/store/stores';

/**
 * `node dist/main.js reembed`: the migration of a change of embedding model, offline. Opening the store with the
 * configured model begins it (or resumes an interrupted one), then every memory and message is re-embedded and the
 * store switches, as the background job would; safe to interrupt and run again. With no change of model it does
 * nothing. Progress goes to the log.
 */
export async function runReembed(config: AppConfig): Promise<ReembedReport> {
  const embedder = await createEmbedderWithModel(config.embeddings);
  const stores = openStores(config.store);
  try {
    await stores.connection.init({ model: embedder.model, dimensions: embedder.dimensions });

    const service = new ReembedService(stores.embeddingMigration, embedder, config);

    return await withProgress(
      'reembed',
      async () => describe(await service.status()),
      () => service.run(),
    );
  } finally {
    await stores.connection.close();
    await embedder.close?.();
  }
}

function describe(status: Awaited<ReturnType<ReembedService['status']>>): string {
  return status
    ? `memories ${status.memories.done}/${status.memories.total}, messages ${status.messages.done}/${status.messages.total} (${(status.fraction * 100).toFixed(1)}%)`
    : 'finishing';
}

export function formatReembedReport(report: ReembedReport): string {
  const { model } = report;
  const seconds = (report.ms / 1000).toFixed(1);
  switch (report.outcome) {
    case 'idle':
      return `the store's vectors are already ${model}'s: nothing to re-embed\n`;
    case 'switched':
      return `re-embedded ${report.embedded.memory} memories and ${report.embedded.message} messages with ${model} in ${seconds} s; the store now uses ${model}\n`;
    case 'pending':
      return `re-embedded ${report.embedded.memory} memories and ${report.embedded.message} messages in ${seconds} s; rows written meanwhile are left: run again\n`;
  }
}
