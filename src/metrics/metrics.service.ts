import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type Labels<L extends string> = Partial<Record<L, string>>;

/** The small interfaces services record through; prom-client stays inside this module. */
export interface CounterMetric<L extends string> {
  inc(labels?: Labels<L>, value?: number): void;
}

export interface HistogramMetric<L extends string> {
  observe(labels: Labels<L>, seconds: number): void;
  /** Starts a timer; calling the result observes the seconds since, with the labels known by then. */
  startTimer(labels?: Labels<L>): (labels?: Labels<L>) => number;
}

export interface GaugeMetric<L extends string> {
  set(labels: Labels<L>, value: number): void;
}

/** Latency buckets from 1 ms to 10 s: recall sits inside an agent turn, writes may call an LLM. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics of this process (`/metrics` serves them). Any service can add its own: ask for a counter,
 * histogram or gauge by name (get-or-create, so two call sites share one series) and record through the returned
 * interface. Names start with `engram_`; label values must come from small fixed sets, never from user input.
 */
@Injectable()
export class MetricsService {
  private readonly registry = new Registry();
  private readonly known = new Map<string, unknown>();

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'engram_' });
  }

  counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): CounterMetric<L> {
    return this.once(name, () => {
      const counter = new Counter({ name, help, labelNames, registers: [this.registry] });

      return { inc: (labels = {}, value = 1) => counter.inc(labels, value) };
    });
  }

  histogram<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    buckets: number[] = LATENCY_BUCKETS,
  ): HistogramMetric<L> {
    return this.once(name, () => {
      const histogram = new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });

      return {
        observe: (labels, seconds) => histogram.observe(labels, seconds),
        startTimer: (labels = {}) => histogram.startTimer(labels),
      };
    });
  }

  /** A gauge; `collect` (if given) refreshes it at every scrape, e.g. from a queue's counts. */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    collect?: (gauge: GaugeMetric<L>) => Promise<void>,
  ): GaugeMetric<L> {
    return this.once(name, () => {
      const wrapper: GaugeMetric<L> = { set: (labels, value) => gauge.set(labels, value) };
      const gauge: Gauge<L> = new Gauge({
        name,
        help,
        labelNames,
        registers: [this.registry],
        ...(collect ? { collect: () => collect(wrapper) } : {}),
      });

      return wrapper;
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text exposition of every metric. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  private once<T>(name: string, create: () => T): T {
    if (!this.known.has(name)) {
      this.known.set(name, create());
    }

    return this.known.get(name) as T;
  }
}
