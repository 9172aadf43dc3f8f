import { performance } from 'node:perf_hooks';
import { getOperationAST, GraphQLError, OperationTypeNode, parse, specifiedRules, validate } from 'graphql';
import type { DocumentNode, ExecutionArgs, ExecutionResult, GraphQLSchema, ValidationRule } from 'graphql';
import type { ServerOptions, SubscribePayload } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import { WebSocket } from 'ws';

import type { ApiKeyService } from 'src/auth/api-key.service';
import type { RequestContext } from 'src/auth/tenant.decorator';
import { RateLimitedError } from 'src/common/errors';
import { yieldToEventLoop } from 'src/common/event-loop';
import { formatGraphQLError } from 'src/graphql/format-error';
import { assertAffordable, PARSE_OPTIONS, VALIDATION_OPTIONS } from 'src/graphql/limits';
import { authenticateConnection } from 'src/graphql/ws-auth';
import type { WsExtra } from 'src/graphql/ws-auth';
import {
  countOperation,
  MAX_OPERATIONS_IN_FLIGHT_PER_SOCKET,
  MAX_OPERATIONS_PER_SOCKET_WINDOW,
  OPERATION_WINDOW_MS,
  WsOperationCaps,
} from 'src/graphql/ws-operation-caps';
import type { OperationWindow } from 'src/graphql/ws-operation-caps';
import { engramMetrics } from 'src/metrics/engram-metrics';
import type { MetricsService } from 'src/metrics/metrics.service';
import type { RateLimitService } from 'src/rate-limit/rate-limit.service';

/** Close code for a connection over its tenant's rate limit (4xxx: application codes; 429 as in HTTP). */
export const WS_RATE_LIMITED = 4429;

/** Per socket: the ids of its live subscriptions (see WsOperationCaps) and the operations of its current window. */
export type WsSocketExtra = Extra & WsExtra & { live?: Set<string>; window?: OperationWindow };

/** The Apollo codes the formatter knows, given to errors that Apollo would have coded over HTTP. */
function coded(error: unknown, code: 'GRAPHQL_PARSE_FAILED' | 'GRAPHQL_VALIDATION_FAILED'): GraphQLError {
  const original = error instanceof Error ? error : new Error(String(error));
  if (original instanceof GraphQLError && original.originalError) {
    return original; // a limit: carries its domain error
  }

  return new GraphQLError(original.message, {
    nodes: original instanceof GraphQLError ? original.nodes : undefined,
    originalError: original,
    extensions: { code },
  });
}

/** An operation's document, parsed with the token limit of HTTP. */
export function parseOperation(payload: SubscribePayload): { document: DocumentNode } | { errors: GraphQLError[] } {
  try {
    return { document: parse(payload.query, PARSE_OPTIONS) };
  } catch (error) {
    return { errors: [coded(error, 'GRAPHQL_PARSE_FAILED')] };
  }
}

/**
 * The rest of the HTTP pipeline for one graphql-ws operation: validate with the same rules (graphql-js's and ours),
 * then the fan-out cost with the operation's variables. Errors come back coded.
 */
export function checkOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  payload: SubscribePayload,
  rules: readonly ValidationRule[],
): GraphQLError[] {
  const invalid = validate(schema, document, [...specifiedRules, ...rules], VALIDATION_OPTIONS);
  if (invalid.length > 0) {
    return invalid.map((error) => coded(error, 'GRAPHQL_VALIDATION_FAILED'));
  }
  try {
    assertAffordable(schema, document, payload.operationName, payload.variables);
  } catch (error) {
    return [coded(error, 'GRAPHQL_VALIDATION_FAILED')];
  }

  return [];
}

function newWindow(): OperationWindow {
  return { startedAt: performance.now(), count: 0 };
}

/** Why a socket starting one more operation is closed (too many in flight, or started in its window), else null. */
function burstReason(inFlight: number, window: OperationWindow): string | null {
  if (inFlight > MAX_OPERATIONS_IN_FLIGHT_PER_SOCKET) {
    return `more than ${MAX_OPERATIONS_IN_FLIGHT_PER_SOCKET} operations at once`;
  }
  if (!countOperation(window, performance.now())) {
    return `more than ${MAX_OPERATIONS_PER_SOCKET_WINDOW} operations in ${OPERATION_WINDOW_MS} ms`;
  }

  return null;
}

function rateLimited(reason: string): GraphQLError {
  return new GraphQLError(reason, { originalError: new RateLimitedError(reason, 1) });
}

function formatAll(errors: readonly GraphQLError[]): ReturnType<typeof formatGraphQLError>[] {
  return errors.map((error) => formatGraphQLError(error.toJSON(), error));
}

/**
 * The answer to operations still waiting when their socket began to close (never sent): one error made once, since
 * making an error formats its stack, a burst's worth of which cost more than the operations themselves.
 */
const SOCKET_CLOSING = [rateLimited('the socket is closing')];

export interface GraphqlWsDependencies {
  keys: ApiKeyService;
  limits: RateLimitService;
  metrics: MetricsService;
  schema: () => GraphQLSchema;
  rules: readonly ValidationRule[];
}

/** A RATE_LIMITED error as graphql-ws sends it (the formatter adds `extensions.retryAfter`). */
async function overLimit(consume: Promise<void>): Promise<GraphQLError | null> {
  try {
    await consume;

    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return new GraphQLError(error.message, { originalError: error });
    }
    throw error;
  }
}

/**
 * graphql-ws server options: authentication at connection_init (`connectionParams.authorization`), the tenant's rate
 * limit for the connection attempt and for every operation, every operation (query, mutation or subscription)
 * through `prepareOperation`, and every error through the one formatter. (The per-address limit is counted when the
 * socket is upgraded, see GraphqlWsServer.)
 */
export function graphqlWsOptions({
  keys,
  limits,
  metrics,
  schema,
  rules,
}: GraphqlWsDependencies): ServerOptions<Record<string, unknown>, WsSocketExtra> {
  const authenticate = authenticateConnection(keys);
  const caps = new WsOperationCaps();

  return {
    onConnect: async (ctx) => {
      // a missing or wrong key closes the socket with 4401 UNAUTHENTICATED before any operation
      const tenantId = (await authenticate(ctx)) ? ctx.extra.tenantId : null;
      if (!tenantId) {
        engramMetrics.unauthenticated(metrics).inc({ surface: 'graphql-ws' });

        return false;
      }
      const limited = await overLimit(limits.consumeTenant(tenantId));
      if (limited) {
        ctx.extra.socket.close(WS_RATE_LIMITED, limited.message);

        return false;
      }

      return true;
    },
    onSubscribe: async (ctx, id, payload): Promise<ExecutionArgs | GraphQLError[]> => {
      // graphql-ws lists every started, unfinished operation (this one included); a burst of frames ends the socket,
      // whether its operations stay in flight or are refused one after the other
      const tooMany = burstReason(Object.keys(ctx.subscriptions).length, (ctx.extra.window ??= newWindow()));
      if (tooMany) {
        ctx.extra.socket.close(WS_RATE_LIMITED, tooMany);

        return [rateLimited(tooMany)];
      }
      const tenantId = ctx.extra.tenantId ?? '';
      const limited = await overLimit(limits.consumeTenant(tenantId));
      if (limited) {
        return [limited];
      }
      // every operation of a burst (frames of one TCP chunk are emitted together) prepared in its own turn
      await yieldToEventLoop();
      if (ctx.extra.socket.readyState !== WebSocket.OPEN) {
        return SOCKET_CLOSING;
      }
      const parsed = parseOperation(payload);
      if ('errors' in parsed) {
        return parsed.errors;
      }
      const subscription =
        getOperationAST(parsed.document, payload.operationName)?.operation === OperationTypeNode.SUBSCRIPTION;
      const live = (ctx.extra.live ??= new Set());
      // a subscription over a cap is refused before the validation, its costliest step
      const full = subscription ? caps.refusal(tenantId, live) : null;
      if (full) {
        return [full];
      }
      const errors = checkOperation(schema(), parsed.document, payload, rules);
      if (errors.length > 0) {
        return errors;
      }
      const refused = subscription ? caps.admit(tenantId, live, id) : null;
      if (refused) {
        return [refused];
      }
      const contextValue: RequestContext = { tenantId: ctx.extra.tenantId ?? null, readOnly: ctx.extra.readOnly };

      return {
        schema: schema(),
        document: parsed.document,
        operationName: payload.operationName,
        variableValues: payload.variables,
        contextValue,
      };
    },
    onComplete: (ctx, id) => {
      if (ctx.extra.live) {
        caps.release(ctx.extra.tenantId ?? '', ctx.extra.live, id);
      }
    },
    onNext: (_ctx, _id, _payload, _args, result: ExecutionResult) =>
      result.errors ? { ...result, errors: formatAll(result.errors) } : undefined,
    onError: (_ctx, _id, _payload, errors) => formatAll(errors),
  };
}
