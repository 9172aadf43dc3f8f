import { Module } from '@nestjs/common';

import { EntityLinker } from 'src/entities/entity-linker.service';
import { EntityResolver, MemoryEntitiesResolver } from 'src/entities/entity.resolver';
import { EntityService } from 'src/entities/entity.service';
import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { MetricsModule } from 'src/metrics/metrics.module';

/** Entities of the memory graph: found and linked after each write (EntityLinker, OwedEntityLinks), read and corrected by the API. */
@Module({
  imports: [MetricsModule],
  providers: [EntityLinker, OwedEntityLinks, EntityService, EntityResolver, MemoryEntitiesResolver],
  exports: [EntityLinker, OwedEntityLinks, EntityService],
})
export class EntitiesModule {}
