import { Inject, Injectable } from '@nestjs/common';

import { assertHandlersComplete, JobName } from 'src/jobs/job.types';
import type { JobHandlerMap } from 'src/jobs/job.types';
import { MEMORY_STORE } from 'src/store/memory-store.port';
import type { MemoryStore } from 'src/store/memory-store.port';

/** The JobName → handler map shared by the BullMQ worker and the in-process runner; incomplete maps fail at boot. */
@Injectable()
export class JobHandlersService {
  readonly handlers: JobHandlerMap;

  constructor(@Inject(MEMORY_STORE) store: MemoryStore) {
    this.handlers = {
      [JobName.RecordAccess]: (payload) => store.recordAccess(payload.tenantId, payload.ids, new Date(payload.at)),
    };
    assertHandlersComplete(this.handlers);
  }
}
