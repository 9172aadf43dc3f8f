import {
  getArgumentValues,
  getNamedType,
  getOperationAST,
  getVariableValues,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
} from 'graphql';
import type {
  DocumentNode,
  FragmentDefinitionNode,
  GraphQLCompositeType,
  GraphQLField,
  GraphQLSchema,
  SelectionSetNode,
} from 'graphql';

/**
 * The most field values an operation can resolve: every field costs 1, and a field with a `limit` argument (or an
 * `input` argument carrying one, as `recall`) multiplies the cost of everything below it by that limit, so
 * `memories(limit: 500) { items { associations(limit: 200) { memory { id } } } }` costs about 500 × 200 × 2.
 * `__typename` costs 1 like any field; introspection costs nothing (it is on only where the sandbox is).
 *
 * Written by hand because the libraries do not fit: graphql-armor's cost limit multiplies only by literal
 * `first`/`last` arguments, and graphql-query-complexity walks a fragment again at every spread (exponential for
 * n fragments that each spread the next one twice: 2^n visits). Each fragment's cost is computed once, so the walk
 * is linear in the document.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  rawVariables: Record<string, unknown> | null | undefined,
): number {
  const operation = getOperationAST(document, operationName);
  const rootType = operation ? schema.getRootType(operation.operation) : undefined;
  if (!operation || !rootType) {
    return 0;
  }
  // coerced only when a field with a `limit` needs them: execution coerces them again, and 1,000 import items took
  // 20-100 ms a pass; variables that do not coerce fail execution with their own error, so they cost as if absent
  let variables: Record<string, unknown> | undefined;
  const coercedVariables = (): Record<string, unknown> =>
    (variables ??=
      getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables ?? {}, { maxErrors: 1 }).coerced ??
      {});
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    }
  }
  const fragmentCosts = new Map<string, number>();

  const fragmentCost = (name: string): number => {
    const known = fragmentCosts.get(name);
    if (known !== undefined) {
      return known;
    }
    fragmentCosts.set(name, 0); // a cycle (never in a validated document) costs nothing instead of recursing forever
    const fragment = fragments.get(name);
    const type = fragment ? schema.getType(fragment.typeCondition.name.value) : undefined;
    const cost = fragment && type && isCompositeType(type) ? selectionCost(fragment.selectionSet, type) : 0;
    fragmentCosts.set(name, cost);

    return cost;
  };

  const selectionCost = (set: SelectionSetNode, parentType: GraphQLCompositeType): number => {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        total += fragmentCost(selection.name.value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parentType;
        total += type && isCompositeType(type) ? selectionCost(selection.selectionSet, type) : 0;
      } else {
        const name = selection.name.value;
        const field = fieldOf(parentType, name);
        if (!field) {
          total += name === '__typename' ? 1 : 0; // introspection is free; unknown fields fail validation
          continue;
        }
        const childType = getNamedType(field.type);
        const below =
          selection.selectionSet && isCompositeType(childType) ? selectionCost(selection.selectionSet, childType) : 0;
        total += 1 + fanOut(field, () => getArgumentValues(field, selection, coercedVariables())) * below;
      }
    }

    return total;
  };

  return selectionCost(operation.selectionSet, rootType);
}

function fieldOf(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  if (name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type))) {
    return undefined;
  }

  return type.getFields()[name];
}

/** How many items a field can return: its `limit` (default included), or the `limit` of its `input`; else 1. */
function fanOut(field: GraphQLField<unknown, unknown>, args: () => Record<string, unknown>): number {
  if (!field.args.some((arg) => arg.name === 'limit' || arg.name === 'input')) {
    return 1;
  }
  let values: Record<string, unknown>;
  try {
    values = args();
  } catch {
    return 1; // arguments that do not coerce fail execution with their own error
  }
  const input = values['input'];
  const limit =
    values['limit'] ??
    (typeof input === 'object' && input !== null ? (input as Record<string, unknown>)['limit'] : undefined);

  return typeof limit === 'number' && Number.isFinite(limit) ? Math.max(1, limit) : 1;
}
