import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';

import type { RequestContext } from 'src/auth/tenant.decorator';
import { UnauthenticatedError } from 'src/common/errors';
import type { MemoryRecord } from 'src/domain/memory.types';
import type { LinkedMemory } from 'src/memory/memory-write.service';
import { checkAssociationRequest, MAX_PAGE, MemoryService } from 'src/memory/memory.service';
import type { AssociationRequest } from 'src/memory/memory.service';

/** The loaders of one request (one HTTP request, or one graphql-ws operation): batched per tick, cached per request. */
export class RequestLoaders {
  /** Memories by id (e.g. `supersededBy`): one store query per tick. */
  readonly memory: DataLoader<string, MemoryRecord | null>;
  private readonly associationLoaders = new Map<string, DataLoader<string, LinkedMemory[]>>();

  constructor(
    private readonly service: MemoryService,
    private readonly tenantId: string,
  ) {
    this.memory = new DataLoader(
      async (ids) => {
        const found = new Map((await service.findMany(tenantId, [...ids])).map((m) => [m.id, m]));

        return ids.map((id) => found.get(id) ?? null);
      },
      { maxBatchSize: MAX_PAGE },
    );
  }

  /** Edges of memories (`Memory.associations`): one loader per distinct arguments, two store queries per tick. */
  associations(request: AssociationRequest): DataLoader<string, LinkedMemory[]> {
    const query = checkAssociationRequest(request);
    const key = JSON.stringify([query.types ? [...query.types].sort() : null, query.direction ?? null, query.limit]);
    let loader = this.associationLoaders.get(key);
    if (!loader) {
      loader = new DataLoader(
        async (ids) => {
          const linked = await this.service.associationsOf(this.tenantId, [...ids], query);

          return ids.map((id) => linked.get(id) ?? []);
        },
        { maxBatchSize: MAX_PAGE },
      );
      this.associationLoaders.set(key, loader);
    }

    return loader;
  }
}

/** Hands each request its own loaders, keyed by the request's GraphQL context object. */
@Injectable()
export class MemoryLoaders {
  private readonly perRequest = new WeakMap<RequestContext, RequestLoaders>();

  constructor(private readonly service: MemoryService) {}

  for(context: RequestContext): RequestLoaders {
    if (!context.tenantId) {
      throw new UnauthenticatedError('a valid API key is required');
    }
    let loaders = this.perRequest.get(context);
    if (!loaders) {
      loaders = new RequestLoaders(this.service, context.tenantId);
      this.perRequest.set(context, loaders);
    }

    return loaders;
  }
}
