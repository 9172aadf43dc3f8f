import { resolve } from 'node:path';

import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    HOST: z.string().min(1).optional(),
    ENGRAM_DATA_DIR: z.string().min(1).default('./data'),
    ENGRAM_API_KEYS: z.string().default(''),
    STORE: z.enum(['sqlite', 'neo4j']).default('sqlite'),
    NEO4J_URI: z.string().min(1).optional(),
    NEO4J_USER: z.string().min(1).default('neo4j'),
    NEO4J_PASSWORD: z.string().optional(),
    NEO4J_DATABASE: z.string().min(1).optional(),
    REDIS_URL: z.string().url().optional(),
    QUEUE_PREFIX: z.string().min(1).default('engram'),
    EMBEDDINGS: z.enum(['local', 'openai', 'hash']).default('local'),
    EMBEDDING_DIMENSIONS: z.coerce.number().int().positive().optional(),
    EMBEDDING_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    OPENAI_BASE_URL: z.string().url().optional(),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
    LLM: z.enum(['none', 'openai']).default('none'),
    LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
    LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'log', 'debug', 'verbose']).default('log'),
    GRAPHQL_SANDBOX: bool.optional(),
    MAX_CONTENT_BYTES: z.coerce.number().int().positive().default(100_000),
    NEAR_DUPLICATE_THRESHOLD: z.coerce.number().min(0).max(1).default(0.95),
    UPDATES_THRESHOLD: z.coerce.number().min(0).max(1).default(0.9),
    RELATED_THRESHOLD: z.coerce.number().min(0).max(1).default(0.7),
    TASK_WRITE_BUDGET: z.coerce.number().int().min(0).default(10),
    VECTOR_INDEX_MIN_ROWS: z.coerce.number().int().min(0).default(20_000),
  })
  .superRefine((env, ctx) => {
    if (env.STORE === 'neo4j' && !env.NEO4J_URI) {
      ctx.addIssue({ code: 'custom', path: ['NEO4J_URI'], message: 'required when STORE=neo4j' });
    }
    if (env.STORE === 'neo4j' && !env.NEO4J_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['NEO4J_PASSWORD'], message: 'required when STORE=neo4j' });
    }
    if (env.EMBEDDINGS === 'openai' && !env.OPENAI_BASE_URL && !env.OPENAI_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'EMBEDDINGS=openai needs OPENAI_API_KEY or OPENAI_BASE_URL' });
    }
    if (env.RELATED_THRESHOLD > env.UPDATES_THRESHOLD) {
      ctx.addIssue({ code: 'custom', path: ['RELATED_THRESHOLD'], message: 'must not exceed UPDATES_THRESHOLD' });
    }
  });

export interface ApiKey {
  tenantId: string;
  key: string;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  /** 127.0.0.1 when no API keys are configured (single-user mode). */
  host: string;
  dataDir: string;
  apiKeys: readonly ApiKey[];
  store:
    | {
        kind: 'sqlite';
        file: string;
        /** Tenants with at least this many vectors are searched through an in-memory binary index. */
        vectorIndexMinRows: number;
      }
    | { kind: 'neo4j'; uri: string; user: string; password: string; database?: string };
  redisUrl?: string;
  queuePrefix: string;
  embeddings: {
    kind: 'local' | 'openai' | 'hash';
    dimensions?: number;
    timeoutMs: number;
    openai: { baseURL?: string; apiKey?: string; model: string };
  };
  llm: { kind: 'none' | 'openai'; model: string; timeoutMs: number; baseURL?: string; apiKey?: string };
  logLevel: 'fatal' | 'error' | 'warn' | 'log' | 'debug' | 'verbose';
  sandbox: boolean;
  limits: { maxContentBytes: number };
  thresholds: { nearDuplicate: number; updates: number; related: number };
  taskWriteBudget: number;
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
        problems.push(`ENGRAM_API_KEYS: entry ${index + 1} must be "tenant:key" (tenant [A-Za-z0-9_.-], key ≥ 8 chars)`);
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
  const dataDir = resolve(env.ENGRAM_DATA_DIR);
  const config: AppConfig = {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST ?? (apiKeys.length === 0 ? '127.0.0.1' : '0.0.0.0'),
    dataDir,
    apiKeys,
    store:
      env.STORE === 'neo4j'
        ? {
            kind: 'neo4j',
            uri: env.NEO4J_URI ?? '',
            user: env.NEO4J_USER,
            password: env.NEO4J_PASSWORD ?? '',
            database: env.NEO4J_DATABASE,
          }
        : { kind: 'sqlite', file: resolve(dataDir, 'engram.sqlite'), vectorIndexMinRows: env.VECTOR_INDEX_MIN_ROWS },
    redisUrl: env.REDIS_URL,
    queuePrefix: env.QUEUE_PREFIX,
    embeddings: {
      kind: env.EMBEDDINGS,
      dimensions: env.EMBEDDING_DIMENSIONS,
      timeoutMs: env.EMBEDDING_TIMEOUT_MS,
      openai: { baseURL: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_EMBEDDING_MODEL },
    },
    llm: {
      kind: env.LLM,
      model: env.LLM_MODEL,
      timeoutMs: env.LLM_TIMEOUT_MS,
      baseURL: env.OPENAI_BASE_URL,
      apiKey: env.OPENAI_API_KEY,
    },
    logLevel: env.LOG_LEVEL,
    sandbox: env.GRAPHQL_SANDBOX ?? env.NODE_ENV !== 'production',
    limits: { maxContentBytes: env.MAX_CONTENT_BYTES },
    thresholds: {
      nearDuplicate: env.NEAR_DUPLICATE_THRESHOLD,
      updates: env.UPDATES_THRESHOLD,
      related: env.RELATED_THRESHOLD,
    },
    taskWriteBudget: env.TASK_WRITE_BUDGET,
  };

  return Object.freeze(config);
}

export const APP_CONFIG = Symbol('APP_CONFIG');
