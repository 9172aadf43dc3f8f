import type { ApolloServerPlugin } from '@apollo/server';
import { Kind } from 'graphql';
import type { OperationDefinitionNode } from 'graphql';

import type { MetricsService } from 'src/metrics/metrics.service';

/**
 * A bounded label for an operation: its type and first root field (`query memories`, `mutation remember`), with `+`
 * when it selects more. Operation names are the client's choice and would make unbounded series; root fields are
 * the schema's.
 */
export function operationLabel(operation: OperationDefinitionNode | undefined): string {
  if (!operation) {
    return 'invalid';
  }
  const fields = operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : ['...']));
  const first = [...new Set(fields)].sort()[0] ?? '-';

  return `${operation.operation} ${first}${new Set(fields).size > 1 ? '+' : ''}`;
}

/** GraphQL over HTTP: latency and outcome (ok or the first error code) by operation. */
export function graphqlMetricsPlugin(metrics: MetricsService): ApolloServerPlugin {
  const duration = metrics.histogram(
    'engram_graphql_request_duration_seconds',
    'GraphQL requests over HTTP that reached parsing (authenticated), by operation and outcome',
    ['operation', 'outcome'],
  );

  return {
    requestDidStart() {
      const stop = duration.startTimer();

      return Promise.resolve({
        willSendResponse({ operation, response }) {
          const body = response.body;
          const errors = body.kind === 'single' ? body.singleResult.errors : undefined;
          const code = errors?.[0]?.extensions?.['code'];
          stop({ operation: operationLabel(operation), outcome: typeof code === 'string' ? code : 'ok' });

          return Promise.resolve();
        },
      });
    },
  };
}
