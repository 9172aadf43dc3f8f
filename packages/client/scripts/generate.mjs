// Generates src/schema.generated.ts from the service's schema.graphql (run: npm run generate -w @engram/client):
// an enum as a union of its names, an input type as an interface, and an object type as an interface with the
// selection set that reads exactly those fields. A field that takes arguments (Memory.associations) or returns its
// own type (Memory.supersededBy) is left out of both, so a type never claims more than its selection reads.
//   node scripts/generate.mjs          write the file
//   node scripts/generate.mjs --check  exit 1 when the file differs from what the schema gives
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';

const here = dirname(fileURLToPath(import.meta.url));
const schemaFile = join(here, '..', '..', '..', 'schema.graphql');
const outFile = join(here, '..', 'src', 'schema.generated.ts');
const schema = buildSchema(readFileSync(schemaFile, 'utf8'));

const SCALARS = { String: 'string', ID: 'string', Int: 'number', Float: 'number', Boolean: 'boolean' };
const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);

function scalar(name, input) {
  if (name === 'DateTime') {
    // an ISO-8601 string; a Date is sent as one (JSON.stringify)
    return input ? 'string | Date' : 'string';
  }

  return SCALARS[name] ?? 'unknown';
}

function tsType(type, input) {
  if (isNonNullType(type)) {
    return tsBare(type.ofType, input);
  }

  return `${tsBare(type, input)} | null`;
}

function tsBare(type, input) {
  if (isListType(type)) {
    const item = tsType(type.ofType, input);

    return item.includes('|') ? `(${item})[]` : `${item}[]`;
  }
  if (isScalarType(type)) {
    return scalar(type.name, input);
  }

  return type.name;
}

function kept(type) {
  return Object.values(type.getFields()).filter(
    (field) => field.args.length === 0 && getNamedType(field.type).name !== type.name,
  );
}

function doc(description, indent) {
  return description ? `${indent}/** ${description.replace(/\*\//g, '*\\/').replace(/\n/g, ' ')} */\n` : '';
}

function selection(type, path = []) {
  if (path.includes(type.name)) {
    throw new Error(`a cycle through ${[...path, type.name].join('.')}: leave one of its fields out`);
  }

  return `{ ${kept(type)
    .map((field) => {
      const named = getNamedType(field.type);

      return isObjectType(named) ? `${field.name} ${selection(named, [...path, type.name])}` : field.name;
    })
    .join(' ')} }`;
}

const types = Object.values(schema.getTypeMap())
  .filter((type) => !type.name.startsWith('__') && !ROOTS.has(type.name))
  .sort((a, b) => a.name.localeCompare(b.name));
const out = [
  '// Generated from schema.graphql by scripts/generate.mjs: do not edit (npm run generate -w @engram/client).',
  '',
];
const selections = [];
for (const type of types) {
  if (isEnumType(type)) {
    out.push(
      doc(type.description, '') +
        `export type ${type.name} = ${type
          .getValues()
          .map((v) => `'${v.name}'`)
          .join(' | ')};`,
      '',
    );
  } else if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).map((field) => {
      const optional = !isNonNullType(field.type) || field.defaultValue !== undefined;

      return `${doc(field.description, '  ')}  ${field.name}${optional ? '?' : ''}: ${tsType(field.type, true)};`;
    });
    out.push(doc(type.description, '') + `export interface ${type.name} {\n${fields.join('\n')}\n}`, '');
  } else if (isObjectType(type)) {
    const fields = kept(type).map(
      (field) => `${doc(field.description, '  ')}  ${field.name}: ${tsType(field.type, false)};`,
    );
    out.push(doc(type.description, '') + `export interface ${type.name} {\n${fields.join('\n')}\n}`, '');
    selections.push(`  ${type.name}: '${selection(type)}',`);
  }
}
out.push(
  '/** For each object type, the selection set that reads the fields of its interface above. */',
  `export const SELECTIONS = {\n${selections.join('\n')}\n} as const;`,
  '',
);
const text = out.join('\n');
if (process.argv.includes('--check')) {
  const current = readFileSync(outFile, 'utf8');
  if (current !== text) {
    process.stderr.write('src/schema.generated.ts is stale: run npm run generate -w @engram/client\n');
    process.exit(1);
  }
} else {
  writeFileSync(outFile, text);
}
