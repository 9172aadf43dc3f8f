import {
  getNamedType,
  getNullableType,
  isInputObjectType,
  isLeafType,
  isListType,
  TypeInfo,
  valueFromAST,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type { DocumentNode, GraphQLInputType, GraphQLSchema } from 'graphql';

import { MAX_CLIENT_IMPORT_ITEMS } from 'src/memory/memory-import.service';

/** The most entries of any list argument or list input field: enum lists, tags, links (40,000 once reached SQL). */
export const MAX_LIST_ENTRIES = 100;

/** Lists that take more, by coordinate (`Type.field(argument:)` or `InputType.field`). */
const LARGER_LISTS: Readonly<Record<string, number>> = {
  'Mutation.importMemories(items:)': MAX_CLIENT_IMPORT_ITEMS,
};

export function listCapOf(coordinate: string): number {
  return LARGER_LISTS[coordinate] ?? MAX_LIST_ENTRIES;
}

function tooLong(value: unknown, type: GraphQLInputType, coordinate: string): string | null {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const items = Array.isArray(value) ? value : [value];
    const cap = listCapOf(coordinate);
    if (items.length > cap) {
      return `${coordinate} takes at most ${cap} entries, got ${items.length}`;
    }
    for (const item of items) {
      const found = tooLong(item, nullable.ofType, coordinate);
      if (found) {
        return found;
      }
    }

    return null;
  }
  if (isInputObjectType(nullable) && typeof value === 'object' && value !== null) {
    const fields = nullable.getFields();
    for (const [name, field] of Object.entries(fields)) {
      const fieldValue = (value as Record<string, unknown>)[name];
      // only lists and input objects can hold a list: 5,000 import items spent 20 ms on their scalar fields
      if (fieldValue === undefined || fieldValue === null || isLeafType(getNullableType(field.type))) {
        continue;
      }
      const found = tooLong(fieldValue, field.type, `${nullable.name}.${name}`);
      if (found) {
        return found;
      }
    }
  }

  return null;
}

/**
 * The first list argument (or list field of an input argument) of the document longer than its cap, as a message;
 * null when every list is within bounds. Arguments are read with the operation's raw variables; a value that does not
 * coerce is left to execution, which refuses it with its own error.
 */
export function overlongList(
  schema: GraphQLSchema,
  document: DocumentNode,
  rawVariables: Record<string, unknown> | null | undefined,
): string | null {
  // the raw variables, not coerced ones: coercing 5,000 import items here as well as in execution held the event loop
  // twice as long, and a list's length is the same before coercion (a lone value becomes a list of one)
  const variables = rawVariables ?? {};
  const typeInfo = new TypeInfo(schema);
  let found: string | null = null;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const argument = typeInfo.getArgument();
        const field = typeInfo.getFieldDef();
        const parent = typeInfo.getParentType();
        if (found !== null || !argument || !field || !parent) {
          return;
        }
        const value = valueFromAST(node.value, argument.type, variables);
        const named = getNamedType(argument.type);
        if (value !== undefined && (isListType(getNullableType(argument.type)) || isInputObjectType(named))) {
          found = tooLong(value, argument.type, `${parent.name}.${field.name}(${argument.name}:)`);
        }
      },
    }),
  );

  return found;
}
