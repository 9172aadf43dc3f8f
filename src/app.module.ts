import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { ApolloDriverConfig } from '@nestjs/apollo';

import { ApiKeyService } from 'src/auth/api-key.service';
import { TenantGuard } from 'src/auth/tenant.guard';
import type { AppConfig } from 'src/config/config';
import { CoreModule } from 'src/config/config.module';
import { DomainErrorFilter } from 'src/graphql/domain-error.filter';
import { graphqlOptions } from 'src/graphql/graphql.config';
import { HealthController } from 'src/health/health.controller';
import { JobsModule } from 'src/jobs/jobs.module';
import { MemoryModule } from 'src/memory/memory.module';
import { RecallModule } from 'src/recall/recall.module';
import { StoreModule } from 'src/store/store.module';

/** The API process: GraphQL over HTTP and WebSocket, plus /healthz. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        StoreModule.forRoot(),
        GraphQLModule.forRoot<ApolloDriverConfig>(graphqlOptions(config, new ApiKeyService(config))),
        JobsModule,
        MemoryModule,
        RecallModule,
      ],
      controllers: [HealthController],
      providers: [
        ApiKeyService,
        { provide: APP_GUARD, useClass: TenantGuard },
        { provide: APP_FILTER, useClass: DomainErrorFilter },
      ],
    };
  }
}
