import type { CounterMetric, GaugeMetric, HistogramMetric, MetricsService } from 'src/metrics/metrics.service';

/**
 * The service's own series, named once here and recorded by the code that knows the event. New series from other
 * features can live beside their code (`metrics.counter('engram_…', …)`) or here.
 */
export const engramMetrics = {
  recallDuration: (m: MetricsService): HistogramMetric<'mode'> =>
    m.histogram(
      'engram_recall_duration_seconds',
      'Recall latency in RecallService (query embedding included), by mode',
      ['mode'],
    ),
  recallStage: (m: MetricsService): HistogramMetric<'stage'> =>
    m.histogram(
      'engram_recall_stage_duration_seconds',
      'Hybrid recall time by stage: embed_query, entities (the entities the query names), retrieval (searches, graph, records), fusion',
      ['stage'],
    ),
  writes: (m: MetricsService): CounterMetric<'path' | 'outcome'> =>
    m.counter('engram_memory_writes_total', 'Memory writes by path (remember, import) and outcome', [
      'path',
      'outcome',
    ]),
  jobRuns: (m: MetricsService): CounterMetric<'job' | 'result'> =>
    m.counter('engram_job_runs_total', 'Job handler runs in this process by job and result (every attempt counts)', [
      'job',
      'result',
    ]),
  jobDuration: (m: MetricsService): HistogramMetric<'job'> =>
    m.histogram('engram_job_duration_seconds', 'Job handler run time in this process', ['job']),
  queueJobs: (
    m: MetricsService,
    collect: (gauge: GaugeMetric<'queue' | 'state'>) => Promise<void>,
  ): GaugeMetric<'queue' | 'state'> =>
    m.gauge(
      'engram_queue_jobs',
      'Jobs per queue and state (BullMQ: from Redis, every process; in-process: this one)',
      ['queue', 'state'],
      collect,
    ),
  backlogItems: (m: MetricsService, collect: (gauge: GaugeMetric<'kind'>) => Promise<void>): GaugeMetric<'kind'> =>
    m.gauge(
      'engram_backlog_items',
      'Owed work by kind, every tenant: message_vectors, memory_vectors, extractions, compactions (channels), reembed',
      ['kind'],
      collect,
    ),
  backlogOldestAge: (m: MetricsService, collect: (gauge: GaugeMetric<'kind'>) => Promise<void>): GaugeMetric<'kind'> =>
    m.gauge(
      'engram_backlog_oldest_age_seconds',
      'Age of the oldest owed item by kind (0 when none is owed)',
      ['kind'],
      collect,
    ),
  unauthenticated: (m: MetricsService): CounterMetric<'surface'> =>
    m.counter(
      'engram_unauthenticated_total',
      'Requests (or graphql-ws connections) refused for a missing or wrong API key',
      ['surface'],
    ),
  rateLimited: (m: MetricsService): CounterMetric<'scope'> =>
    m.counter('engram_rate_limited_total', 'Requests refused over a rate limit, by scope (address, tenant)', ['scope']),
};
