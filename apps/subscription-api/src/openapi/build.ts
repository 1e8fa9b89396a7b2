import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { z } from 'zod';

/**
 * Builds an OpenAPI 3.1 document from the zod schemas the service validates with, so the
 * contract cannot say one thing while a route checks another. Every body, asked or answered,
 * is a named component: the gateway's generated REST types refer to them by name.
 */

export type JsonSchema = z.core.JSONSchema.BaseSchema;
export type Method = 'get' | 'post' | 'patch' | 'delete';
// The core schema type: relating zod's classes to z.ZodType costs the type-checker seconds.
type Schema = z.core.$ZodType;

export type Answer = {
  description: string;
  /** A named output schema, or an array of one. */
  body?: Schema;
  headers?: Record<string, { description: string; schema: Schema }>;
};

export type Parameter = {
  name: string;
  in: 'query' | 'header';
  description?: string;
  required?: boolean;
  schema: Schema;
};

export type Operation = {
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** Public operations need no session; every other one needs a bearer session token. */
  public?: true;
  /** Only the gateway calls it, with its service credential. */
  gateway?: true;
  /** The object schema the route parses its query string with: one parameter per field. */
  query?: z.core.$ZodObject;
  parameters?: Parameter[];
  /** A named input schema: the JSON body the route parses. */
  body?: Schema;
  responses: Record<number, Answer>;
};

export type DocumentSpec = {
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  /** Request bodies, documented as the route accepts them (zod's input side). */
  inputs: Record<string, Schema>;
  /** Answers, documented as the route sends them (zod's output side). */
  outputs: Record<string, Schema>;
  paths: Record<string, Partial<Record<Method, Operation>>>;
};

const COMPONENT = '#/components/schemas/';

export function buildDocument(spec: DocumentSpec) {
  const inputNames = namesOf(spec.inputs);
  const outputNames = namesOf(spec.outputs);
  const clash = [...inputNames.values()].find((name) => Object.hasOwn(spec.outputs, name));
  if (clash) throw new Error(`OpenAPI: "${clash}" names both a request and an answer schema`);

  const ref = (names: Map<Schema, string>, schema: Schema, where: string): JsonSchema => {
    const name = names.get(schema);
    if (name) return { $ref: COMPONENT + name };
    if (schema instanceof z.ZodArray && names.has(schema.element)) {
      return { type: 'array', items: ref(names, schema.element, where) };
    }
    throw new Error(
      `OpenAPI: the body of ${where} is not a named schema; name it with requestSchema or answerSchema (openapi/components.ts)`,
    );
  };

  const paths = Object.fromEntries(
    Object.entries(spec.paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => {
          const where = `${method.toUpperCase()} ${path}`;
          const parameters = [...queryParameters(operation.query), ...(operation.parameters ?? []).map(parameter)];
          const security = operation.gateway
            ? [{ gateway: [], ...(operation.public ? {} : { session: [] }) }]
            : operation.public
              ? []
              : null;
          const { responses } = operation;
          return [
            method,
            {
              operationId: operation.operationId,
              tags: [operation.tag],
              summary: operation.summary,
              ...(operation.description ? { description: operation.description } : {}),
              ...(security ? { security } : {}),
              ...(parameters.length ? { parameters } : {}),
              ...(operation.body
                ? { requestBody: { required: true, content: { 'application/json': { schema: ref(inputNames, operation.body, where) } } } }
                : {}),
              responses: Object.fromEntries(
                Object.entries(responses).map(([status, answer]) => [
                  status,
                  {
                    description: answer.description,
                    ...(answer.headers
                      ? {
                          headers: Object.fromEntries(
                            Object.entries(answer.headers).map(([name, header]) => [
                              name,
                              { description: header.description, schema: jsonSchemaOf(header.schema, 'output') },
                            ]),
                          ),
                        }
                      : {}),
                    ...(answer.body ? { content: { 'application/json': { schema: ref(outputNames, answer.body, where) } } } : {}),
                  },
                ]),
              ),
            },
          ];
        }),
      ),
    ]),
  );

  return {
    openapi: '3.1.0',
    info: spec.info,
    servers: spec.servers,
    tags: spec.tags,
    security: [{ session: [] }],
    paths,
    components: {
      securitySchemes: {
        session: { type: 'http', scheme: 'bearer', description: 'The token POST /users/signIn answers with' },
        gateway: {
          type: 'apiKey',
          in: 'header',
          name: SERVICE_TOKEN_HEADER,
          description: "The gateway's service credential (SERVICE_TOKEN); only the gateway calls these operations",
        },
      },
      // By name, so where a schema is declared (and the order modules load in) never moves it in the document.
      schemas: Object.fromEntries(
        Object.entries({ ...componentSchemas(spec.inputs, 'input'), ...componentSchemas(spec.outputs, 'output') }).sort(([a], [b]) =>
          a < b ? -1 : a > b ? 1 : 0,
        ),
      ),
    },
  };
}

function namesOf(schemas: Record<string, Schema>): Map<Schema, string> {
  return new Map(Object.entries(schemas).map(([name, schema]) => [schema, name]));
}

/** One JSON Schema per named component; schemas that use another named one refer to it. */
function componentSchemas(schemas: Record<string, Schema>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const converted = z.toJSONSchema(registry, { io, uri: (id) => COMPONENT + id, ...CONVERSION }).schemas;
  // Shared definitions would come from an `id` given elsewhere; names are given in one way only.
  if ('__shared' in converted)
    throw new Error('OpenAPI: a schema carries an id of its own; name it with requestSchema or answerSchema instead');
  return Object.fromEntries(Object.entries(converted).map(([name, schema]) => [name, finished(schema, `component ${name}`)]));
}

function jsonSchemaOf(schema: Schema, io: 'input' | 'output', where = 'a parameter'): JsonSchema {
  return finished(z.toJSONSchema(schema, { io, ...CONVERSION }), where);
}

function queryParameters(query: z.core.$ZodObject | undefined) {
  if (!query) return [];
  const object = jsonSchemaOf(query, 'input', 'the query string');
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema as JsonSchema;
    return { name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

function parameter({ schema, ...rest }: Parameter) {
  return { ...rest, required: rest.required ?? false, schema: jsonSchemaOf(schema, 'input', `parameter ${rest.name}`) };
}

const CONVERSION = {
  target: 'draft-2020-12',
  // Custom checks are code, which JSON Schema cannot show; `describeRecordIds` covers the one
  // kind the service uses and `finished` refuses any other that is left undescribed.
  unrepresentable: 'any',
  override: describeRecordIds,
} as const;

/**
 * A record id arrives as a number or as a string of digits (GraphQL ids are strings): a custom
 * check piped into a number. The JSON Schema says exactly that.
 */
function describeRecordIds({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }) {
  const def = zodSchema._zod.def;
  if (def.type !== 'pipe' || def.out._zod.def.type !== 'number' || !startsWithCustomCheck(def.in)) return;
  const number = z.toJSONSchema(def.out, { io: 'output' });
  delete number.$schema;
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  Object.assign(jsonSchema, {
    oneOf: [number, { type: 'string', pattern: '^\\s*\\d{1,10}\\s*$', description: 'The same id written in digits' }],
  });
}

function startsWithCustomCheck(schema: z.core.$ZodType): boolean {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  if (def.type === 'custom') return true;
  return def.type === 'pipe' && startsWithCustomCheck(def.in);
}

/**
 * Drops `$schema` and `$id` (the document says which dialect, and a component's place is its name)
 * and refuses schemas that accept anything.
 */
function finished(schema: JsonSchema, where: string): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  const open = openSpots(rest, '');
  if (open.length)
    throw new Error(`OpenAPI: ${where} has a field no schema describes (${open.join(', ')}): give it .meta() or a plain zod type`);
  return rest;
}

function openSpots(schema: unknown, path: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  if (Object.keys(schema).length === 0) return [path || '/'];
  const node = schema as JsonSchema;
  return [
    ...Object.entries(node.properties ?? {}).flatMap(([name, child]) => openSpots(child, `${path}/${name}`)),
    ...[node.items].flat().flatMap((child) => openSpots(child, `${path}/items`)),
    ...[...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])].flatMap((child) => openSpots(child, path)),
  ];
}
