import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver } from '@nestjs/apollo';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import type { Request } from 'express';

import type { ApiKeyService } from 'src/auth/api-key.service';
import { API_KEY_REQUIRED, authenticateHttp } from 'src/auth/http-auth';
import type { HttpAuthDependencies } from 'src/auth/http-auth';
import type { RequestContext } from 'src/auth/tenant.decorator';
import { RateLimitedError, UnauthenticatedError } from 'src/common/errors';
import type { AppConfig } from 'src/config/config';
import { StrictDateTime } from 'src/graphql/date-time.scalar';
import { formatGraphQLError } from 'src/graphql/format-error';
import { costLimitPlugin, limitRules, PARSE_OPTIONS, VALIDATION_OPTIONS } from 'src/graphql/limits';
import { requestError } from 'src/graphql/request-error';
import { graphqlMetricsPlugin } from 'src/metrics/graphql-metrics.plugin';
import type { MetricsService } from 'src/metrics/metrics.service';
import { clientAddressResolver } from 'src/rate-limit/client-address';
import { retryAfterHeaders } from 'src/rate-limit/rate-limit.service';
import type { RateLimitService } from 'src/rate-limit/rate-limit.service';

interface ContextArgs {
  req?: Request;
}

/**
 * HTTP: the per-address rate limit, the tenant from the API key (or a 401) and the per-tenant rate limit, all before
 * the document is even parsed, so that a refused request costs us no more than a header check.
 */
function httpContext(deps: HttpAuthDependencies): (args: ContextArgs) => Promise<RequestContext> {
  return async ({ req }) => {
    if (!req) {
      throw requestError(new UnauthenticatedError(API_KEY_REQUIRED), 401, { 'www-authenticate': 'Bearer' });
    }
    try {
      const caller = await authenticateHttp(deps, req, 'graphql');

      return { tenantId: caller.tenantId, readOnly: caller.readOnly };
    } catch (error) {
      if (error instanceof RateLimitedError) {
        throw requestError(error, 429, retryAfterHeaders(error));
      }
      if (error instanceof UnauthenticatedError) {
        throw requestError(error, 401, { 'www-authenticate': 'Bearer' });
      }
      throw error;
    }
  };
}

export interface GraphqlDependencies {
  keys: ApiKeyService;
  limits: RateLimitService;
  metrics: MetricsService;
}

export function graphqlOptions(config: AppConfig, { keys, limits, metrics }: GraphqlDependencies): ApolloDriverConfig {
  return {
    driver: ApolloDriver,
    autoSchemaFile: true,
    sortSchema: true,
    // Nest's DateTime with strict parsing (2024-02-30 refused, not moved to March 1)
    buildSchemaOptions: { scalarsMap: [{ type: Date, scalar: StrictDateTime }] },
    playground: false,
    // introspection is refused by our own rule in limitRules (shared with graphql-ws) where the sandbox is off
    introspection: true,
    hideSchemaDetailsFromClientErrors: !config.sandbox,
    parseOptions: PARSE_OPTIONS,
    validationOptions: VALIDATION_OPTIONS,
    validationRules: limitRules({ introspection: config.sandbox }),
    plugins: [
      costLimitPlugin(),
      graphqlMetricsPlugin(metrics),
      // Apollo's landing pages load from a CDN: GraphiQL is served from the installed package instead (src/graphiql)
      ApolloServerPluginLandingPageDisabled(),
    ],
    includeStacktraceInErrorResponses: false,
    formatError: formatGraphQLError,
    context: httpContext({ keys, limits, metrics, addressOf: clientAddressResolver(config.trustProxy) }),
    // graphql-ws (subscriptions, and queries and mutations too) is served by GraphqlWsServer
    // (src/graphql/graphql-ws.server.ts): authenticateConnection at connection_init, the same limits and formatter
  };
}
