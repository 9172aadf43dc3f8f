import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

import { parseLifetimes } from 'src/domain/decay';
import type { MemoryType } from 'src/domain/memory.enums';
import type { StoreOptions } from 'src/domain/store-options';

/** The largest token budget a channel or a context may ask for (10x the largest context windows of today). */
export const MAX_TOKEN_BUDGET = 2_000_000;
export const DEFAULT_MAX_CONTENT_BYTES = 100_000;
/** LOCAL_EMBEDDING_MODEL's default, chosen by `npm run bench -- embedders` (docs/embeddings.md). */
export const DEFAULT_LOCAL_MODEL = 'e5-small-v2';
/** LOCAL_EMBEDDING_MODEL for the Universal Sentence Encoder shipped on npm (the local model before the ONNX ones). */
export const USE_LOCAL_MODEL = 'use-lite';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** `scheme://host[:port]` with http or https, nothing else (no path, query or credentials). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);

    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    HOST: z.string().min(1).optional(),
    ENGRAM_DATA_DIR: z.string().min(1).default('./data'),
    ENGRAM_API_KEYS: z.string().default(''),
    ENGRAM_OPERATOR_TENANTS: z.string().default(''),
    API_KEY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
    ENGRAM_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((raw, ctx) => {
        const origins = raw
          .split(',')
          .map((o) => o.trim().toLowerCase().replace(/\/$/, ''))
          .filter((o) => o.length > 0);
        for (const origin of origins) {
          if (!isOrigin(origin)) {
            ctx.addIssue({
              code: 'custom',
              message: `${JSON.stringify(origin)} is not an origin such as https://app.example.com or http://localhost:3000`,
            });
          }
        }

        return origins;
      }),
    STORE: z.enum(['sqlite', 'neo4j']).default('sqlite'),
    NEO4J_URI: z.string().min(1).optional(),
    NEO4J_USER: z.string().min(1).default('neo4j'),
    NEO4J_PASSWORD: z.string().optional(),
    NEO4J_DATABASE: z.string().min(1).optional(),
    REDIS_URL: z.string().url().optional(),
    QUEUE_PREFIX: z.string().min(1).default('engram'),
    EMBEDDINGS: z.enum(['local', 'openai', 'hash']).default('local'),
    EMBEDDING_DIMENSIONS: z.coerce.number().int().positive().optional(),
    // EMBEDDINGS=local: a model of the catalogue (src/embedding/onnx/onnx-models.ts), `use-lite` (the Universal
    // Sentence Encoder shipped on npm), or a folder holding a sentence-transformers ONNX export
    LOCAL_EMBEDDING_MODEL: z.string().min(1).default(DEFAULT_LOCAL_MODEL),
    ENGRAM_MODELS_DIR: z.string().min(1).optional(),
    EMBEDDING_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    REEMBED_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(256),
    OPENAI_BASE_URL: z.string().url().optional(),
    OPENAI_API_KEY: z.string().optional(),
    // each provider its own endpoint (e.g. Ollama embeddings beside a hosted LLM); OPENAI_* serves both when unset
    EMBEDDINGS_BASE_URL: z.string().url().optional(),
    EMBEDDINGS_API_KEY: z.string().optional(),
    LLM_BASE_URL: z.string().url().optional(),
    LLM_API_KEY: z.string().optional(),
    OPENAI_EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
    LLM: z.enum(['none', 'openai']).default('none'),
    LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
    LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'log', 'debug', 'verbose']).default('log'),
    GRAPHQL_SANDBOX: bool.optional(),
    MAX_CONTENT_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_CONTENT_BYTES),
    NEAR_DUPLICATE_THRESHOLD: z.coerce.number().min(0).max(1).optional(),
    UPDATES_THRESHOLD: z.coerce.number().min(0).max(1).optional(),
    RELATED_THRESHOLD: z.coerce.number().min(0).max(1).optional(),
    TASK_WRITE_BUDGET: z.coerce.number().int().min(0).default(10),
    WRITE_INTENT_MODEL: bool.default(true),
    // off by default: on LoCoMo it moved no category beyond noise (src/recall/ARCHITECTURE.md)
    RECALL_ENTITY_SIGNAL: bool.default(false),
    ENTITY_LINKING: bool.default(true),
    ENTITY_LINKING_DEFERRED: bool.default(true),
    VECTOR_INDEX_MIN_ROWS: z.coerce.number().int().min(0).default(5_000),
    MESSAGE_VECTOR_INDEX_MIN_ROWS: z.coerce.number().int().min(0).default(5_000),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(6_000),
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).default(12_000),
    TRUST_PROXY: z.string().min(1).optional(),
    METRICS_TOKEN: z.string().min(16).optional(),
    // cortex: sweep, bulletin, importance, decay and consolidation
    CORTEX_SWEEP_MS: z.coerce.number().int().min(100).default(30_000),
    BULLETIN_MAX_WORDS: z.coerce.number().int().min(20).max(5000).default(500),
    BULLETIN_DEBOUNCE_MS: z.coerce.number().int().min(0).default(30_000),
    BULLETIN_MAX_DELAY_MS: z.coerce.number().int().min(0).default(600_000),
    BULLETIN_LLM_REWRITES_PER_DAY: z.coerce.number().int().min(0).default(4),
    BULLETIN_LLM_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
    IMPORTANCE_BURST: z.coerce.number().int().min(1).default(100),
    IMPORTANCE_INTERVAL_MS: z.coerce.number().int().min(1000).default(21_600_000),
    MAINTENANCE_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
    FADING_THRESHOLD: z.coerce.number().min(0).max(1).default(0.15),
    MEMORY_LIFETIMES: z.string().default(''),
    CONSOLIDATION_THRESHOLD: z.coerce.number().min(0).max(1).optional(),
    LLM_PROMOTIONS_PER_DAY: z.coerce.number().int().min(0).default(20),
    CHANNEL_TOKEN_BUDGET: z.coerce.number().int().min(1).max(MAX_TOKEN_BUDGET).default(8000),
    JOB_LOCK_MS: z.coerce.number().int().min(100).default(30_000),
    JOB_STALLED_MS: z.coerce.number().int().min(100).default(30_000),
    ENQUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).default(250),
    OWED_WORK_SWEEP_MS: z.coerce.number().int().min(100).default(60_000),
    OWED_EXTRACTION_GRACE_MS: z.coerce.number().int().min(0).default(60_000),
    WORKER_HEARTBEAT_FILE: z.string().min(1).default(join(tmpdir(), 'engram-worker.alive')),
  })
  .superRefine((env, ctx) => {
    if (env.STORE === 'neo4j' && !env.NEO4J_URI) {
      ctx.addIssue({ code: 'custom', path: ['NEO4J_URI'], message: 'required when STORE=neo4j' });
    }
    if (env.STORE === 'neo4j' && !env.NEO4J_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['NEO4J_PASSWORD'], message: 'required when STORE=neo4j' });
    }
    if (
      env.EMBEDDINGS === 'openai' &&
      !(env.EMBEDDINGS_BASE_URL ?? env.OPENAI_BASE_URL) &&
      !(env.EMBEDDINGS_API_KEY ?? env.OPENAI_API_KEY)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMBEDDINGS_API_KEY'],
        message:
          'EMBEDDINGS=openai needs EMBEDDINGS_API_KEY or EMBEDDINGS_BASE_URL (or OPENAI_API_KEY / OPENAI_BASE_URL)',
      });
    }
    if (env.NODE_ENV === 'production' && env.GRAPHQL_SANDBOX === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['GRAPHQL_SANDBOX'],
        message: 'the sandbox and introspection stay off in production',
      });
    }
    try {
      parseLifetimes(env.MEMORY_LIFETIMES);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['MEMORY_LIFETIMES'], message: (error as Error).message });
    }
    if (
      env.RELATED_THRESHOLD !== undefined &&
      env.UPDATES_THRESHOLD !== undefined &&
      env.RELATED_THRESHOLD > env.UPDATES_THRESHOLD
    ) {
      ctx.addIssue({ code: 'custom', path: ['RELATED_THRESHOLD'], message: 'must not exceed UPDATES_THRESHOLD' });
    }
  });

/** Every environment variable the configuration reads, with its default (undefined: unset unless given). */
export function environmentVariables(): { name: string; default: unknown }[] {
  const defaults: Record<string, unknown> = envSchema.safeParse({}).data ?? {};

  return Object.keys(envSchema.shape).map((name) => ({ name, default: defaults[name] }));
}

export interface ApiKey {
  tenantId: string;
  key: string;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  /** 127.0.0.1 when no API keys are configured (single-user mode), which then refuses any non-loopback address. */
  host: string;
  dataDir: string;
  apiKeys: readonly ApiKey[];
  /**
   * How long a process trusts what it read of a runtime API key (the admin API's keys): a key revoked by another
   * process is refused here after at most this long, and open WebSockets and MCP sessions of it are closed.
   */
  apiKeyCacheMs: number;
  /** Tenants whose keys are operator keys (trusted imports); the open `default` tenant only when listed. */
  operatorTenants: readonly string[];
  /** Browser origins besides the service's own that may use it (ENGRAM_ALLOWED_ORIGINS; see auth/browser-access). */
  allowedOrigins: readonly string[];
  store: StoreOptions;
  redisUrl?: string;
  queuePrefix: string;
  embeddings: {
    kind: 'local' | 'openai' | 'hash';
    dimensions?: number;
    /** EMBEDDINGS=local: which model, and where fetched models live (default `<data dir>/models`). */
    local: { model: string; modelsDir: string };
    timeoutMs: number;
    openai: { baseURL?: string; apiKey?: string; model: string };
  };
  /** Rows per batch of the re-embedding after a change of embedding model. */
  reembedBatch: number;
  llm: { kind: 'none' | 'openai'; model: string; timeoutMs: number; baseURL?: string; apiKey?: string };
  logLevel: 'fatal' | 'error' | 'warn' | 'log' | 'debug' | 'verbose';
  /** Apollo Sandbox and introspection; never in production. */
  sandbox: boolean;
  limits: { maxContentBytes: number };
  /** Explicit similarity thresholds; unset ones come from the embedding model (src/embedding/similarity-thresholds.ts). */
  thresholds: { nearDuplicate?: number; updates?: number; related?: number };
  taskWriteBudget: number;
  /** The write path asks the learned intent classifier what its patterns leave open (src/memory/ARCHITECTURE.md). */
  writeIntentModel: boolean;
  /** HYBRID recall reads the entities the query names (src/recall/entity-signal.ts); false (default): no entity read. */
  recallEntitySignal: boolean;
  /** Each write is linked to the entities it names (EntityLinker); false: no new links (for measuring their cost). */
  entityLinking: boolean;
  /** The links follow the write, after its answer (OwedEntityLinks); false: the write waits for them. */
  entityLinkingDeferred: boolean;
  /** Requests a minute per tenant and per client address (before authentication); 0 = no limit. */
  rateLimit: { perTenantPerMinute: number; perAddressPerMinute: number };
  /** proxy-addr trust (hop count, `loopback`, CIDRs): which X-Forwarded-For hops name the client; none when unset. */
  trustProxy?: string;
  /** Bearer token that opens /metrics; unset, only loopback clients may read it. */
  metricsToken?: string;
  cortex: CortexConfig;
  /** Default history budget of a channel (compaction starts at 80% of it). */
  conversations: { tokenBudget: number };
  /** BullMQ: a job whose worker stops renewing its lock for lockMs is handed to another worker (checked every stalledMs). */
  jobs: {
    lockMs: number;
    stalledMs: number;
    /** A request waits at most this long for a job to be queued; the work stays owed in the store otherwise. */
    enqueueTimeoutMs: number;
    /** How often owed work (extractions, compactions a request could not queue) is queued again. */
    owedWorkSweepMs: number;
    /** A message owed LLM extraction this long is queued again by the sweep. */
    owedExtractionGraceMs: number;
  };
  /** The worker touches this file every WORKER_HEARTBEAT_MS while its queues and Redis are healthy (`worker-health` reads it). */
  workerHeartbeatFile: string;
}

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine can reach. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') {
    return true;
  }

  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** The cortex's settings: bulletin, importance, decay and consolidation. */
export interface CortexConfig {
  /** How often the sweep compares change markers (cheap reads; never an LLM call by itself). */
  sweepMs: number;
  bulletin: {
    maxWords: number;
    debounceMs: number;
    maxDelayMs: number;
    /** LLM rewrites per tenant and UTC day; 0 keeps the deterministic text only. */
    llmRewritesPerDay: number;
    llmMinIntervalMs: number;
  };
  importance: { burst: number; intervalMs: number };
  maintenance: {
    intervalMs: number;
    fadingThreshold: number;
    lifetimes: Readonly<Record<MemoryType, number>>;
    /** Explicit; unset: the embedding model's (src/embedding/similarity-thresholds.ts). */
    consolidationThreshold?: number;
    llmPromotionsPerDay: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseApiKeys(raw: string): ApiKey[] {
  const problems: string[] = [];
  const keys = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry, index) => {
      const colon = entry.indexOf(':');
      const tenantId = colon > 0 ? entry.slice(0, colon).trim() : '';
      const key = colon > 0 ? entry.slice(colon + 1).trim() : '';
      // Never echo the key itself: only its position.
      if (!/^[A-Za-z0-9_.-]{1,64}$/.test(tenantId) || key.length < 8) {
        problems.push(
          `ENGRAM_API_KEYS: entry ${index + 1} must be "tenant:key" (tenant [A-Za-z0-9_.-], key ≥ 8 chars)`,
        );
      }

      return { tenantId, key };
    });
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }

  return keys;
}

/** Parses the environment once; throws ConfigError listing every bad key. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Readonly<AppConfig> {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const env = parsed.data;
  const apiKeys = parseApiKeys(env.ENGRAM_API_KEYS);
  const host = env.HOST ?? (apiKeys.length === 0 ? '127.0.0.1' : '0.0.0.0');
  if (apiKeys.length === 0 && !isLoopback(host)) {
    throw new ConfigError([
      `HOST=${host} without ENGRAM_API_KEYS would serve the open "default" tenant to the network: ` +
        'set ENGRAM_API_KEYS (tenant:key pairs) or bind to 127.0.0.1',
    ]);
  }
  const dataDir = resolve(env.ENGRAM_DATA_DIR);
  const config: AppConfig = {
    env: env.NODE_ENV,
    port: env.PORT,
    host,
    dataDir,
    apiKeys,
    apiKeyCacheMs: env.API_KEY_CACHE_MS,
    operatorTenants: env.ENGRAM_OPERATOR_TENANTS.split(',')
      .map((t) => t.trim())
      .filter((t) => t.length > 0),
    allowedOrigins: env.ENGRAM_ALLOWED_ORIGINS,
    store:
      env.STORE === 'neo4j'
        ? {
            kind: 'neo4j',
            uri: env.NEO4J_URI ?? '',
            user: env.NEO4J_USER,
            password: env.NEO4J_PASSWORD ?? '',
            database: env.NEO4J_DATABASE,
          }
        : {
            kind: 'sqlite',
            file: resolve(dataDir, 'engram.sqlite'),
            vectorIndexMinRows: env.VECTOR_INDEX_MIN_ROWS,
            messageVectorIndexMinRows: env.MESSAGE_VECTOR_INDEX_MIN_ROWS,
          },
    redisUrl: env.REDIS_URL,
    queuePrefix: env.QUEUE_PREFIX,
    embeddings: {
      kind: env.EMBEDDINGS,
      dimensions: env.EMBEDDING_DIMENSIONS,
      local: {
        model: env.LOCAL_EMBEDDING_MODEL,
        modelsDir: env.ENGRAM_MODELS_DIR ? resolve(env.ENGRAM_MODELS_DIR) : resolve(dataDir, 'models'),
      },
      timeoutMs: env.EMBEDDING_TIMEOUT_MS,
      openai: {
        baseURL: env.EMBEDDINGS_BASE_URL ?? env.OPENAI_BASE_URL,
        apiKey: env.EMBEDDINGS_API_KEY ?? env.OPENAI_API_KEY,
        model: env.OPENAI_EMBEDDING_MODEL,
      },
    },
    reembedBatch: env.REEMBED_BATCH_SIZE,
    llm: {
      kind: env.LLM,
      model: env.LLM_MODEL,
      timeoutMs: env.LLM_TIMEOUT_MS,
      baseURL: env.LLM_BASE_URL ?? env.OPENAI_BASE_URL,
      apiKey: env.LLM_API_KEY ?? env.OPENAI_API_KEY,
    },
    logLevel: env.LOG_LEVEL,
    sandbox: env.NODE_ENV !== 'production' && (env.GRAPHQL_SANDBOX ?? true),
    limits: { maxContentBytes: env.MAX_CONTENT_BYTES },
    thresholds: {
      nearDuplicate: env.NEAR_DUPLICATE_THRESHOLD,
      updates: env.UPDATES_THRESHOLD,
      related: env.RELATED_THRESHOLD,
    },
    taskWriteBudget: env.TASK_WRITE_BUDGET,
    writeIntentModel: env.WRITE_INTENT_MODEL,
    recallEntitySignal: env.RECALL_ENTITY_SIGNAL,
    entityLinking: env.ENTITY_LINKING,
    entityLinkingDeferred: env.ENTITY_LINKING_DEFERRED,
    // RATE_LIMIT_PER_MINUTE=0 turns all rate limiting off, the per-address limit included
    rateLimit: {
      perTenantPerMinute: env.RATE_LIMIT_PER_MINUTE,
      perAddressPerMinute: env.RATE_LIMIT_PER_MINUTE === 0 ? 0 : env.RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
    },
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    cortex: {
      sweepMs: env.CORTEX_SWEEP_MS,
      bulletin: {
        maxWords: env.BULLETIN_MAX_WORDS,
        debounceMs: env.BULLETIN_DEBOUNCE_MS,
        maxDelayMs: env.BULLETIN_MAX_DELAY_MS,
        llmRewritesPerDay: env.BULLETIN_LLM_REWRITES_PER_DAY,
        llmMinIntervalMs: env.BULLETIN_LLM_MIN_INTERVAL_MS,
      },
      importance: { burst: env.IMPORTANCE_BURST, intervalMs: env.IMPORTANCE_INTERVAL_MS },
      maintenance: {
        intervalMs: env.MAINTENANCE_INTERVAL_MS,
        fadingThreshold: env.FADING_THRESHOLD,
        lifetimes: parseLifetimes(env.MEMORY_LIFETIMES),
        consolidationThreshold: env.CONSOLIDATION_THRESHOLD,
        llmPromotionsPerDay: env.LLM_PROMOTIONS_PER_DAY,
      },
    },
    conversations: { tokenBudget: env.CHANNEL_TOKEN_BUDGET },
    jobs: {
      lockMs: env.JOB_LOCK_MS,
      stalledMs: env.JOB_STALLED_MS,
      enqueueTimeoutMs: env.ENQUEUE_TIMEOUT_MS,
      owedWorkSweepMs: env.OWED_WORK_SWEEP_MS,
      owedExtractionGraceMs: env.OWED_EXTRACTION_GRACE_MS,
    },
    workerHeartbeatFile: resolve(env.WORKER_HEARTBEAT_FILE),
  };

  return Object.freeze(config);
}

export const APP_CONFIG = Symbol('APP_CONFIG');
