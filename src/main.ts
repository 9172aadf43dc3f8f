import { serve } from 'src/bootstrap';
import { ConfigError, loadConfig } from 'src/config/config';

type Mode = 'serve' | 'worker' | 'all' | 'llm-usage';

function parseMode(arg: string | undefined): Mode {
  if (arg === undefined || arg === 'all' || arg === 'serve' || arg === 'worker' || arg === 'llm-usage') {
    return arg ?? 'all';
  }
  process.stderr.write(`unknown mode "${arg}": use serve | worker | all | llm-usage [days]\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const mode = parseMode(process.argv[2]);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (mode === 'llm-usage') {
    const { runLlmUsage } = await import('src/cortex/llm-usage.command');
    process.stdout.write(await runLlmUsage(config, Number(process.argv[3] ?? 7)));

    return;
  }
  if (mode === 'worker' || (mode === 'all' && config.redisUrl)) {
    const { runWorker } = await import('src/worker');
    await runWorker(config);
  }
  if (mode !== 'worker') {
    await serve(config);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
