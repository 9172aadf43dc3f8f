/**
 * `node -r ts-node/register/transpile-only -r tsconfig-paths/register bench/support/model-rss.ts <model|none>
 * <modelsDir>`: loads one local embedding model in a fresh process (both lanes' threads), embeds a bulk batch and a
 * few queries, and prints the process's RSS in MB; `none` loads the same modules and no model (the baseline).
 */
import { LocalEmbedder } from 'src/embedding/local.embedder';
import { OnnxEmbedder } from 'src/embedding/onnx/onnx.embedder';
import type { ThreadedEmbedder } from 'src/embedding/threaded/threaded-embedder';

async function main(): Promise<void> {
  const [model = 'none', modelsDir = ''] = process.argv.slice(2);
  const texts = Array.from({ length: 64 }, (_, i) => `Caroline: I went to the support group ${i} times, it was great.`);
  let embedder: ThreadedEmbedder | null = null;
  if (model !== 'none') {
    embedder = model === 'use-lite' ? new LocalEmbedder() : new OnnxEmbedder({ modelsDir, name: model });
    await embedder.warmUp();
    await embedder.embed(texts, { lane: 'bulk' });
    for (const text of texts.slice(0, 8)) {
      await embedder.embed([text], { lane: 'query', role: 'query' });
    }
  }
  process.stdout.write(`${Math.round(process.memoryUsage().rss / 2 ** 20)}\n`);
  await embedder?.close();
}

void main().then(() => process.exit(0));
