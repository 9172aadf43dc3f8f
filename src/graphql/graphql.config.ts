import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloDriver } from '@nestjs/apollo';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import type { Request } from 'express';

import type { ApiKeyService } from 'src/auth/api-key.service';
import type { RequestContext } from 'src/auth/tenant.decorator';
import type { AppConfig } from 'src/config/config';
import { formatGraphQLError } from 'src/graphql/format-error';
import { limitsPlugin } from 'src/graphql/limits';

interface WsExtra {
  tenantId?: string | null;
}

interface ContextArgs {
  req?: Request;
  extra?: WsExtra;
}

export function graphqlOptions(config: AppConfig, keys: ApiKeyService): ApolloDriverConfig {
  return {
    driver: ApolloDriver,
    autoSchemaFile: true,
    sortSchema: true,
    playground: false,
    introspection: config.sandbox,
    plugins: [limitsPlugin(), ...(config.sandbox ? [ApolloServerPluginLandingPageLocalDefault({ embed: true })] : [])],
    includeStacktraceInErrorResponses: false,
    formatError: formatGraphQLError,
    context: ({ req, extra }: ContextArgs): RequestContext => ({
      tenantId: extra ? (extra.tenantId ?? null) : keys.tenantFor(req?.headers.authorization),
    }),
    subscriptions: {
      'graphql-ws': {
        path: '/graphql',
        onConnect: (ctx) => {
          const params = ctx.connectionParams ?? {};
          const tenantId = keys.tenantFor(params['authorization'] ?? params['Authorization']);
          (ctx.extra as WsExtra).tenantId = tenantId;

          // refusing here closes the socket with 4403 Forbidden before any subscription starts
          return tenantId !== null;
        },
      },
    },
  };
}
