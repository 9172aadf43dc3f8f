/** Pre-computes and caches every USE vector the LoCoMo lab needs: `node -r ts-node/register/transpile-only bench/research/locomo-embed.ts`. */
import { allEmbeddingTexts } from 'bench/research/locomo-texts';
import { UseCache } from 'bench/research/use-cache';
import { loadLocomo } from 'bench/support/locomo-dataset';

async function main(): Promise<void> {
  const convs = loadLocomo();
  const cache = new UseCache();
  console.log(`cache has ${cache.size} vectors`);
  for (const group of allEmbeddingTexts(convs)) {
    console.log(`group of ${group.length}: ${cache.missing(group).length} missing`);
    await cache.ensure(group, 32, (m) => console.log(m));
  }
  console.log(`done, cache has ${cache.size} vectors`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
