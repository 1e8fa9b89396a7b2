import {
  getNamedType,
  isAbstractType,
  isLeafType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';

/**
 * GraphQL documents that select everything a root field can answer: every field of its type and
 * of the types below it, down to `depth` levels, so whatever an answer could carry shows up in
 * it. A field of the schema added later is selected the day it lands. Fields that need an argument
 * below the root are left out (none does today); the root field takes its arguments as variables.
 */

/** The selection of every field of `type`, or null when it has none to select at this depth. */
function selectionOf(schema: GraphQLSchema, type: GraphQLOutputType, depth: number): string | null {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (depth === 0) return null;
  if (isAbstractType(named)) {
    const parts = schema
      .getPossibleTypes(named)
      .map((possible) => [possible.name, fieldsOf(schema, possible, depth)] as const)
      .filter((part): part is readonly [string, string] => part[1] !== null)
      .map(([name, fields]) => `... on ${name} ${fields}`);
    return `{ __typename ${parts.join(' ')} }`;
  }
  return fieldsOf(schema, named as GraphQLObjectType, depth);
}

function fieldsOf(schema: GraphQLSchema, type: GraphQLObjectType, depth: number): string | null {
  const fields = Object.values(type.getFields())
    .filter((field) => !field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined))
    .map((field) => {
      const below = selectionOf(schema, field.type, depth - 1);
      return below === null ? null : `${field.name} ${below}`.trim();
    })
    .filter((field): field is string => field !== null);
  return fields.length ? `{ ${fields.join(' ')} }` : null;
}

/** The field of the root type `Query` or `Mutation` named `name`. */
function rootField(schema: GraphQLSchema, root: 'query' | 'mutation', name: string): GraphQLField<unknown, unknown> {
  const type = root === 'query' ? schema.getQueryType() : schema.getMutationType();
  const field = type?.getFields()[name];
  if (!field) throw new Error(`the schema has no ${root} field ${name}`);
  return field;
}

/**
 * A document calling one root field with the variables given (each as the argument of that name)
 * and selecting everything it answers.
 */
export function everyFieldDocument(
  schema: GraphQLSchema,
  root: 'query' | 'mutation',
  name: string,
  variables: Record<string, unknown> = {},
  depth = 6,
): string {
  const field = rootField(schema, root, name);
  const args = field.args.filter((arg) => arg.name in variables);
  const unknown = Object.keys(variables).filter((variable) => !args.some((arg) => arg.name === variable));
  if (unknown.length) throw new Error(`${name} takes no argument ${unknown.join(', ')}`);
  const definitions = args.length ? `(${args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ')})` : '';
  const passed = args.length ? `(${args.map((arg) => `${arg.name}: $${arg.name}`).join(', ')})` : '';
  const selection = selectionOf(schema, field.type, depth);
  if (selection === null) throw new Error(`nothing of ${name} can be selected within ${depth} levels`);
  return `${root} ${definitions} { ${name}${passed} ${selection} }`;
}

/** The names of the fields of `type` and of every type below it, each type once. */
export function fieldNamesBelow(schema: GraphQLSchema, type: GraphQLOutputType, seen = new Set<string>()): string[] {
  const named = getNamedType(type);
  if (isLeafType(named) || seen.has(named.name)) return [];
  seen.add(named.name);
  const types = isAbstractType(named) ? schema.getPossibleTypes(named) : isObjectType(named) ? [named] : [];
  return types.flatMap((object) =>
    Object.values(object.getFields()).flatMap((field) => [field.name, ...fieldNamesBelow(schema, field.type, seen)]),
  );
}
