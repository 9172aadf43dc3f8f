import { Module } from '@nestjs/common';

import { BacklogService } from 'src/observability/backlog.service';

/** What operators read: the backlog gauges (and the viewer's backlog of its tenant). */
@Module({ providers: [BacklogService], exports: [BacklogService] })
export class ObservabilityModule {}
