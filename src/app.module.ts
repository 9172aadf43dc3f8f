import { ApolloDriver } from '@nestjs/apollo';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';

import { ApiKeyService } from 'src/auth/api-key.service';
import { AuthModule } from 'src/auth/auth.module';
import { TenantGuard } from 'src/auth/tenant.guard';
import type { AppConfig } from 'src/config/config';
import { ConversationModule } from 'src/conversation/conversation.module';
import { CoreModule } from 'src/core.module';
import { EmbeddingMigrationModule } from 'src/embedding/migration/embedding-migration.module';
import { DomainErrorFilter } from 'src/graphql/domain-error.filter';
import { GraphqlWsServer } from 'src/graphql/graphql-ws.server';
import { graphqlOptions } from 'src/graphql/graphql.config';
import { HealthController } from 'src/health/health.controller';
import { ModelWarmUp } from 'src/health/model-warm-up';
import { JobsModule } from 'src/jobs/jobs.module';
import { loggingModule } from 'src/logging/logging';
import { McpHttpModule } from 'src/mcp/mcp.module';
import { MemoryModule } from 'src/memory/memory.module';
import { MetricsController } from 'src/metrics/metrics.controller';
import { MetricsService } from 'src/metrics/metrics.service';
import { ObservabilityModule } from 'src/observability/observability.module';
import { RateLimitModule } from 'src/rate-limit/rate-limit.module';
import { RateLimitService } from 'src/rate-limit/rate-limit.service';
import { RecallModule } from 'src/recall/recall.module';
import { RestModule } from 'src/rest/rest.module';
import { StoreModule } from 'src/store/store.module';
import { TenantDataModule } from 'src/tenant-data/tenant-data.module';
import { TenantAdminModule } from 'src/tenants/tenant-admin.module';

/** The API process: GraphQL over HTTP and WebSocket, plus /healthz, /readyz and /metrics. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        loggingModule(config),
        StoreModule.forRoot(config.store),
        AuthModule,
        RateLimitModule,
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [AuthModule, RateLimitModule],
          inject: [ApiKeyService, RateLimitService, MetricsService],
          useFactory: (keys: ApiKeyService, limits: RateLimitService, metrics: MetricsService) =>
            graphqlOptions(config, { keys, limits, metrics }),
        }),
        JobsModule,
        EmbeddingMigrationModule,
        MemoryModule,
        RecallModule,
        ConversationModule,
        RestModule,
        TenantDataModule,
        TenantAdminModule,
        McpHttpModule,
        ObservabilityModule,
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        GraphqlWsServer,
        ModelWarmUp,
        { provide: APP_GUARD, useClass: TenantGuard },
        { provide: APP_FILTER, useClass: DomainErrorFilter },
      ],
    };
  }
}
