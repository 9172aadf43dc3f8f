// first: with OTEL_* settings, tracing patches the modules the rest loads
import 'src/observability/start-tracing';

import { Logger } from '@nestjs/common';

import { serve } from 'src/bootstrap';
import { ConfigError, loadConfig } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { stderrLogger } from 'src/logging/stderr-logger';

/**
 * The CLI: `node dist/main.js [command] [args]`. Commands other than the three process roles are loaded lazily,
 * each from its own module; a new command adds one entry here.
 */
type Command = (config: AppConfig, args: readonly string[]) => Promise<void>;

const COMMANDS: Record<string, Command> = {
  async reembed(config) {
    const { formatReembedReport, runReembed } = await import('src/embedding/migration/reembed.command');
    process.stdout.write(formatReembedReport(await runReembed(config)));
  },
  async models(config, args) {
    const { runModels } = await import('src/embedding/onnx/models.command');
    process.exitCode = await runModels(config, args, process.stdout);
  },
  async 'llm-usage'(config, args) {
    const { runLlmUsage } = await import('src/cortex/llm-usage.command');
    process.stdout.write(await runLlmUsage(config, Number(args[0] ?? 7)));
  },
  async status(config, args) {
    const { collectStatus, formatStatus } = await import('src/observability/status.command');
    const report = await collectStatus(config);
    process.stdout.write(args.includes('--json') ? `${JSON.stringify(report, null, 2)}\n` : formatStatus(report));
  },
  async check(config) {
    const { runIntegrityCheck } = await import('src/store/integrity/integrity.command');
    const { clean, text } = await runIntegrityCheck(config.store);
    process.stdout.write(text);
    process.exitCode = clean ? 0 : 1;
  },
  async export(config, args) {
    const { runExport } = await import('src/tenant-data/tenant-data.command');
    await runExport(config, args, process.stdout);
  },
  async import(config, args) {
    const { runImport } = await import('src/tenant-data/tenant-data.command');
    process.stdout.write(`${JSON.stringify(await runImport(config, args, process.stdin), null, 2)}\n`);
  },
  async purge(config, args) {
    const { runPurge } = await import('src/tenant-data/tenant-data.command');
    process.stdout.write(`${JSON.stringify(await runPurge(config, args), null, 2)}\n`);
  },
  async tenants(config, args) {
    const { runTenants } = await import('src/tenants/tenant-admin.command');
    process.stdout.write(`${JSON.stringify(await runTenants(config, args), null, 2)}\n`);
  },
  async keys(config, args) {
    const { runKeys } = await import('src/tenants/tenant-admin.command');
    process.stdout.write(`${JSON.stringify(await runKeys(config, args), null, 2)}\n`);
  },
  async schema() {
    const { servedSchemaSdl } = await import('src/schema-file');
    process.stdout.write(await servedSchemaSdl());
  },
  async 'worker-health'(config) {
    const { heartbeatProblem } = await import('src/jobs/worker-heartbeat');
    const problem = heartbeatProblem(config.workerHeartbeatFile);
    process.stdout.write(`${problem ?? 'healthy'}\n`);
    process.exitCode = problem ? 1 : 0;
  },
  async mcp(config) {
    const { runMcpStdio } = await import('src/mcp-stdio');
    await runMcpStdio(config, process.env['ENGRAM_API_KEY']);
  },
};

const ROLES = ['serve', 'worker', 'all'] as const;
type Role = (typeof ROLES)[number];

function isRole(name: string): name is Role {
  return (ROLES as readonly string[]).includes(name);
}

function usage(name: string): never {
  process.stderr.write(
    `unknown command "${name}": use ${[...ROLES, ...Object.keys(COMMANDS)].join(' | ')} (--help says more)\n`,
  );
  process.exit(2);
}

const HELP = ['--help', '-h', 'help'];

async function runRole(role: Role, config: AppConfig): Promise<void> {
  if (role === 'worker' || (role === 'all' && config.redisUrl)) {
    const { runWorker } = await import('src/worker');
    await runWorker(config);
  }
  if (role !== 'worker') {
    await serve(config);
  }
}

async function main(): Promise<void> {
  const [name = 'all', ...args] = process.argv.slice(2);
  if (HELP.includes(name) || args.some((arg) => HELP.includes(arg))) {
    const { commandHelpText, helpText } = await import('src/cli/help');
    process.stdout.write((HELP.includes(name) ? null : commandHelpText(name)) ?? helpText());

    return;
  }
  const command = COMMANDS[name];
  if (!command && !isRole(name)) {
    usage(name);
  }
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (command) {
    // a command's stdout is its output (an export, a report): what the stores log on the way goes to stderr
    Logger.overrideLogger(stderrLogger(config.logLevel));
    await command(config, args);
  } else if (isRole(name)) {
    await runRole(name, config);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
