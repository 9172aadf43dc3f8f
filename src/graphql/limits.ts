import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind } from 'graphql';
import type { DocumentNode, FragmentDefinitionNode, SelectionSetNode } from 'graphql';

import { ErrorCode } from 'src/common/errors';

export const MAX_DEPTH = 10;
export const MAX_ALIASES = 30;

interface Measure {
  depth: number;
  aliases: number;
}

function measure(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): Measure {
  let depth = 0;
  let aliases = 0;
  for (const selection of set.selections) {
    let inner: Measure = { depth: 0, aliases: 0 };
    if (selection.kind === Kind.FIELD) {
      aliases += selection.alias ? 1 : 0;
      inner = selection.selectionSet ? measure(selection.selectionSet, fragments, seen) : inner;
      inner = { depth: inner.depth + 1, aliases: inner.aliases };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measure(selection.selectionSet, fragments, seen);
    } else {
      const fragment = fragments.get(selection.name.value);
      if (fragment && !seen.has(fragment.name.value)) {
        inner = measure(fragment.selectionSet, fragments, new Set([...seen, fragment.name.value]));
      }
    }
    depth = Math.max(depth, inner.depth);
    aliases += inner.aliases;
  }

  return { depth, aliases };
}

/** Depth and alias limits per operation, checked before execution. */
export function checkLimits(document: DocumentNode): string | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    }
  }
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) {
      continue;
    }
    const { depth, aliases } = measure(definition.selectionSet, fragments, new Set());
    if (depth > MAX_DEPTH) {
      return `query depth ${depth} exceeds the limit of ${MAX_DEPTH}`;
    }
    if (aliases > MAX_ALIASES) {
      return `query uses ${aliases} aliases; the limit is ${MAX_ALIASES}`;
    }
  }

  return null;
}

export function limitsPlugin(): ApolloServerPlugin {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ document }) {
          const problem = checkLimits(document);
          if (problem) {
            throw new GraphQLError(problem, { extensions: { code: ErrorCode.QueryTooComplex } });
          }

          return Promise.resolve();
        },
      });
    },
  };
}
