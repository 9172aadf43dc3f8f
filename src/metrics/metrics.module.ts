import { Module } from '@nestjs/common';

import { MetricsService } from 'src/metrics/metrics.service';

/** The Prometheus registry's counters. */
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
