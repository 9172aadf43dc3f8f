import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import type { DocumentNode, GraphQLSchema, ParseOptions, ValidationRule } from 'graphql';

import { BadInputError, QueryTooComplexError } from 'src/common/errors';
import { yieldToEventLoop } from 'src/common/event-loop';
import { overlongList } from 'src/graphql/list-limits';
import { operationCost } from 'src/graphql/query-cost';
import { requestError } from 'src/graphql/request-error';

/**
 * Every GraphQL limit, in one place, applied the same way over HTTP (Apollo) and graphql-ws:
 * 1. parse with `maxTokens` (graphql-js stops lexing at the limit, so floods never reach validation);
 * 2. validate with graphql-js's rules plus graphql-armor's depth (introspection ignored), alias and directive
 *    limits, and the introspection ban where introspection is off — every rule here computes each fragment once;
 * 3. once the variables are known, the length of every list argument (`overlongList`) and the fan-out cost
 *    (`operationCost`).
 * Unauthenticated requests never get this far: they are refused before parsing.
 */
export const GRAPHQL_LIMITS = {
  maxTokens: 2_000,
  maxDepth: 10,
  maxAliases: 30,
  maxDirectives: 20,
  maxCost: 100_000,
  /** graphql-js stops validating after this many errors (default 100); each costs ~0.3 ms to format and send */
  maxValidationErrors: 20,
} as const;

export const PARSE_OPTIONS: ParseOptions = { maxTokens: GRAPHQL_LIMITS.maxTokens };
export const VALIDATION_OPTIONS = { maxErrors: GRAPHQL_LIMITS.maxValidationErrors };

// graphql-js 16 spells it "more that"
const TOKEN_LIMIT_MESSAGE = /^Syntax Error: Document contains more tha[nt] \d+ tokens\. Parsing aborted\.$/;

/** graphql-js reports the token limit as a syntax error; it is a limit, not a typo: the message for the client. */
export function tokenLimitMessage(error: unknown): string | null {
  return error instanceof GraphQLError && TOKEN_LIMIT_MESSAGE.test(error.message)
    ? `the document has more than ${GRAPHQL_LIMITS.maxTokens} tokens, the limit`
    : null;
}

/** A limit violation as a validation error whose original error carries the QUERY_TOO_COMPLEX code. */
export function tooComplex(message: string): GraphQLError {
  const clean = message.replace(/^Syntax Error: /, '');

  return new GraphQLError(clean, { originalError: new QueryTooComplexError(clean) });
}

/** The validation rules added to graphql-js's `specifiedRules`, for HTTP and WebSocket alike. */
export function limitRules(options: { introspection: boolean }): ValidationRule[] {
  const report = { propagateOnRejection: false, onReject: [reportTooComplex] };
  const { validationRules } = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true, ...report },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases, ...report },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives, ...report },
    // parse-time maxTokens is cheaper than armor's second parse; the cost limit below knows our `limit` arguments
    maxTokens: { enabled: false },
    costLimit: { enabled: false },
    // Apollo's hideSchemaDetailsFromClientErrors and graphql-js's hideSuggestions do this where introspection is off
    blockFieldSuggestion: { enabled: false },
  }).protect();

  return [...validationRules, ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule])];
}

function reportTooComplex(context: { reportError(error: GraphQLError): void } | null, error: GraphQLError): void {
  context?.reportError(tooComplex(error.message));
}

/**
 * Throws BAD_USER_INPUT (HTTP 400) when a list argument is longer than its cap (see list-limits), and
 * QUERY_TOO_COMPLEX (HTTP 400) when the operation's fan-out cost exceeds the limit.
 */
export function assertAffordable(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): void {
  const long = overlongList(schema, document, variables);
  if (long !== null) {
    throw requestError(new BadInputError(long), 400);
  }
  const cost = operationCost(schema, document, operationName, variables);
  if (cost > GRAPHQL_LIMITS.maxCost) {
    const message = `query cost ${cost} exceeds the limit of ${GRAPHQL_LIMITS.maxCost} (limit arguments multiply the fields below them)`;
    throw requestError(new QueryTooComplexError(message), 400);
  }
}

/** Variables are what can make a request's checks and coercion long (a document has at most maxTokens tokens). */
function hasVariables(variables: Record<string, unknown> | undefined): boolean {
  return variables !== undefined && Object.keys(variables).length > 0;
}

/**
 * The cost check for Apollo: after validation, when the operation and its variables are known. With variables, the
 * check and execution (whose first step coerces them) each start in their own event-loop turn: Apollo runs parsing,
 * validation, this check and the coercion in one turn otherwise (1,000 linked import items held it 60-110 ms).
 */
export function costLimitPlugin(): ApolloServerPlugin {
  return {
    requestDidStart() {
      return Promise.resolve({
        async didResolveOperation({ schema, document, request }) {
          if (hasVariables(request.variables)) {
            await yieldToEventLoop();
          }
          assertAffordable(schema, document, request.operationName, request.variables);
        },
        async executionDidStart({ request }) {
          if (hasVariables(request.variables)) {
            await yieldToEventLoop();
          }
        },
      });
    },
  };
}
