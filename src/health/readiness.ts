/** What /readyz checked, each true when it answers. */
export interface ReadinessChecks {
  store: boolean;
  /** Null when no Redis is configured (in-process jobs): nothing to wait for. */
  redis: boolean | null;
  /** The embedding model is loaded (embedders without a local model always are). */
  embeddings: boolean;
}

export interface Readiness {
  status: 'ready' | 'not-ready';
  checks: ReadinessChecks;
}

/** Ready only when every configured dependency answers: a load balancer sends traffic only then. */
export function readiness(checks: ReadinessChecks): Readiness {
  const ready = checks.store && checks.redis !== false && checks.embeddings;

  return { status: ready ? 'ready' : 'not-ready', checks };
}
