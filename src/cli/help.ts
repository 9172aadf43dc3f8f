import { environmentVariables } from 'src/config/config';

/** One CLI command as `--help` shows it. */
interface CommandHelp {
  usage: string;
  summary: string;
  options?: [string, string][];
}

/** The CLI's commands (src/main.ts runs them), in the order a newcomer meets them. */
export const COMMAND_HELP: Record<string, CommandHelp> = {
  all: { usage: 'all', summary: 'the API and, with REDIS_URL, the job worker in one process (the default command)' },
  serve: {
    usage: 'serve',
    summary: 'the API only: GraphQL, REST, the viewer, MCP over HTTP, /healthz, /readyz, /metrics',
  },
  worker: { usage: 'worker', summary: 'the BullMQ job worker only (needs REDIS_URL)' },
  'worker-health': {
    usage: 'worker-health',
    summary:
      "exit 0 when the worker's heartbeat file (WORKER_HEARTBEAT_FILE) is under 30 s old: the container health check",
  },
  mcp: {
    usage: 'mcp',
    summary: 'an MCP server on stdin/stdout for the tenant of ENGRAM_API_KEY; logs on stderr (LOG_LEVEL, default warn)',
  },
  export: {
    usage: 'export --tenant <id> > tenant.ndjson',
    summary: "a tenant's channels, messages, memories, edges and bulletins as NDJSON on stdout; progress on stderr",
    options: [['--tenant <id>', 'the tenant (required; an unknown tenant is an error)']],
  },
  tenants: {
    usage: 'tenants list | create <id> | delete <id> --yes',
    summary: 'tenants at runtime (admin): list them, create an empty one, or delete one (its data purged for good)',
  },
  keys: {
    usage: 'keys list [--tenant <id>] | create --tenant <id> | revoke <key id> | rotate <key id>',
    summary:
      'runtime API keys (admin): a new key is printed once (stored as a scrypt hash); revoked keys are refused by every process within API_KEY_CACHE_MS',
    options: [
      ['--tenant <id>', 'create: the key’s tenant (required); list: only its keys'],
      ['--name <label>', 'create: a label for people'],
      ['--expires <ISO-8601>', 'create: refused from this time on'],
      ['--read-only', 'create: queries only, every write is FORBIDDEN'],
    ],
  },
  import: {
    usage: 'import --tenant <id> [--trusted] [--new-tenant] < tenant.ndjson',
    summary:
      'an export file from stdin into the tenant (checked whole before anything is written; a second import changes nothing); the report on stdout, progress on stderr',
    options: [
      ['--tenant <id>', 'the tenant to import into (required)'],
      ['--trusted', 'raw records: the firewall off, every limit and guard kept (the operator at the shell)'],
      ['--new-tenant', 'create the tenant when no key names it and it was not created (refused otherwise)'],
    ],
  },
  purge: {
    usage: 'purge --tenant <id> --yes',
    summary: 'deletes everything of a tenant for good and prints the counts; progress on stderr',
    options: [
      ['--tenant <id>', 'the tenant (required; an unknown tenant is an error)'],
      ['--yes', 'confirms the deletion; without it a terminal asks for the tenant id, anything else is refused'],
    ],
  },
  reembed: {
    usage: 'reembed',
    summary:
      'after a change of embedding model, re-embeds every memory and message now (resumable); progress on stderr',
  },
  status: {
    usage: 'status [--json]',
    summary:
      'owed work (message and memory vectors, extractions, compactions, re-embedding) with the age of the oldest item, queue depths and failures, and the last run of each cortex job per tenant',
    options: [['--json', 'the same report as JSON']],
  },
  models: {
    usage: 'models list | fetch [name... | --all] | verify [name...]',
    summary:
      'the local embedding models in ENGRAM_MODELS_DIR: fetch takes a model from Maven Central (mvn) and checks its pinned SHA-256 (no name: LOCAL_EMBEDDING_MODEL)',
  },
  check: { usage: 'check', summary: "the store's integrity check; exit code 1 when it finds a problem" },
  'llm-usage': {
    usage: 'llm-usage [days]',
    summary: 'LLM calls and tokens per tenant and job over the last days (default 7)',
  },
  schema: { usage: 'schema', summary: 'prints the GraphQL schema the API serves (what schema.graphql holds)' },
};

/** Variables read outside the validated configuration. */
const OTHER_VARIABLES: [string, string][] = [
  ['ENGRAM_API_KEY', 'mcp only: the key whose tenant the stdio server serves'],
  [
    'OTEL_EXPORTER_OTLP_ENDPOINT',
    'traces on, sent there (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_TRACES_EXPORTER; the other OTEL_* settings as the OpenTelemetry SDK reads them; docs/observability.md)',
  ],
];

function commandLines(help: CommandHelp): string[] {
  return [
    `  ${help.usage.padEnd(40)} ${help.summary}`,
    ...(help.options ?? []).map(([option, text]) => `      ${option.padEnd(36)} ${text}`),
  ];
}

function variableLines(): string[] {
  const empty = (value: unknown): boolean => value === '' || (Array.isArray(value) && value.length === 0);
  const shown = (value: unknown): string =>
    value === undefined ? '' : empty(value) ? ' (default empty)' : ` (default ${JSON.stringify(value)})`;

  return [
    ...environmentVariables().map((v) => `  ${v.name}${shown(v.default)}`),
    ...OTHER_VARIABLES.map(([name, text]) => `  ${name}: ${text}`),
  ];
}

/** `node dist/main.js --help` */
export function helpText(): string {
  return [
    'Engram: a typed memory graph for AI agents.',
    '',
    'Usage: node dist/main.js [command] [options]      (npm start runs the default command, all)',
    '       node dist/main.js <command> --help',
    '',
    'Commands:',
    ...Object.values(COMMAND_HELP).flatMap(commandLines),
    '',
    'Environment variables (docs/configuration.md says what each does):',
    ...variableLines(),
    '',
  ].join('\n');
}

/** `node dist/main.js <command> --help`; null for a name that is no command. */
export function commandHelpText(name: string): string | null {
  const help = COMMAND_HELP[name];
  if (!help) {
    return null;
  }

  return [
    `Usage: node dist/main.js ${help.usage}`,
    '',
    help.summary,
    ...(help.options
      ? ['', 'Options:', ...help.options.map(([option, text]) => `  ${option.padEnd(16)} ${text}`)]
      : []),
    '',
    'Every command reads the environment variables of `node dist/main.js --help`.',
    '',
  ].join('\n');
}
