import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';

import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';

/** The API loads its embedding model at boot, in the background: /readyz turns ready once it has. */
@Injectable()
export class ModelWarmUp implements OnApplicationBootstrap {
  private readonly logger = new Logger(ModelWarmUp.name);

  constructor(@Inject(EMBEDDER) private readonly embedder: Embedder) {}

  onApplicationBootstrap(): void {
    this.embedder
      .warmUp?.()
      .catch((error: unknown) =>
        this.logger.warn(`embedding model not loaded: ${error instanceof Error ? error.message : String(error)}`),
      );
  }
}
