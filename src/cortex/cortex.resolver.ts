import { Int, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';

import { Tenant } from 'src/auth/tenant.decorator';
import { BulletinEvents } from 'src/cortex/bulletin/bulletin-events';
import { Bulletin, toBulletin } from 'src/cortex/bulletin/bulletin.model';
import { BulletinService } from 'src/cortex/bulletin/bulletin.service';
import { ImportanceService } from 'src/importance/importance.service';
import type { BulletinRecord } from 'src/store/bulletin-store.port';

@Resolver(() => Bulletin)
export class CortexResolver {
  constructor(
    private readonly bulletins: BulletinService,
    private readonly events: BulletinEvents,
    private readonly importance: ImportanceService,
  ) {}

  @Query(() => Bulletin, { nullable: true, description: 'the latest bulletin; null until the first one is generated' })
  async bulletin(@Tenant() tenantId: string): Promise<Bulletin | null> {
    const latest = await this.bulletins.latest(tenantId);

    return latest ? toBulletin(latest) : null;
  }

  @Mutation(() => Bulletin, { description: 'regenerate now; also published on bulletinRefreshed' })
  async refreshBulletin(@Tenant() tenantId: string): Promise<Bulletin> {
    const { bulletin } = await this.bulletins.refresh(tenantId, 'demand');
    if (!bulletin) {
      throw new Error('a demanded refresh always yields a bulletin');
    }

    return toBulletin(bulletin);
  }

  @Mutation(() => Int, { description: 'rescore importance from the graph now; returns how many memories changed' })
  refreshImportance(@Tenant() tenantId: string): Promise<number> {
    return this.importance.refresh(tenantId);
  }

  @Subscription(() => Bulletin, {
    description: "the tenant's latest bulletin on subscribe, then every new one",
    resolve: (payload: BulletinRecord) => toBulletin(payload),
  })
  bulletinRefreshed(@Tenant() tenantId: string): Promise<AsyncIterableIterator<BulletinRecord>> {
    return this.events.listen(tenantId);
  }
}
