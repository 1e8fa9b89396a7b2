import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import type { DocumentNode, ExecutionResult, GraphQLFormattedError, GraphQLSchema } from 'graphql';
// From the file Node loads for `graphql` (its CommonJS build), as Apollo Server, graphql-jit and the
// schema's makers do: under the test runner, a bare `graphql` import here would be its ES module
// build, a second graphql that refuses the schema made by the first.
import { GraphQLError } from 'graphql/error/GraphQLError.js';
import { execute } from 'graphql/execution/execute.js';
import { printSchema } from 'graphql/utilities/printSchema.js';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { GatewayContext } from './context';

/**
 * How the gateway runs an operation once Apollo Server has parsed, validated and checked it:
 * `jit` compiles each operation of a document once into a JavaScript function (graphql-jit) and
 * runs that on every request sending the same text, falling back to graphql-js for an operation
 * it cannot compile; `graphql-js` runs graphql-js's own `execute`, as Apollo Server does by itself.
 * Both answer alike (the gateway's tests pass either way); `GRAPHQL_EXECUTOR` chooses.
 */
export const EXECUTORS = ['jit', 'graphql-js'] as const;
export type ExecutorKind = (typeof EXECUTORS)[number];

/** The executor `GRAPHQL_EXECUTOR` names, jit when it names none. */
export function executorFromEnv(env: NodeJS.ProcessEnv = process.env): ExecutorKind {
  const value = env.GRAPHQL_EXECUTOR;
  if (value === undefined || value === '') return 'jit';
  if ((EXECUTORS as readonly string[]).includes(value)) return value as ExecutorKind;
  throw new Error(`GRAPHQL_EXECUTOR must be one of ${EXECUTORS.join(', ')}, not ${value}`);
}

type Gateway = ApolloServerOptionsWithGateway<GatewayContext>['gateway'];

/** An operation compiled, or null where graphql-jit could not compile it (graphql-js runs it). */
type Compiled = CompiledQuery | null;

/**
 * The gateway's schema served through Apollo Server's documented hook for running operations
 * another way (its `gateway` option: `load()` hands Apollo Server the schema and an executor).
 * Apollo Server keeps each validated document and hands the same object to every request that
 * sends its text again, so the compiled functions are kept with the document and go with it.
 */
export function compilingGateway(schema: GraphQLSchema): Gateway {
  const compiled = new WeakMap<DocumentNode, Map<string | undefined, Compiled>>();

  const compiledFor = (document: DocumentNode, operationName: string | undefined): Compiled => {
    let operations = compiled.get(document);
    if (!operations) {
      operations = new Map();
      compiled.set(document, operations);
    }
    let operation = operations.get(operationName);
    if (operation === undefined) {
      const result = compileQuery(schema, document, operationName);
      operation = isCompiledQuery(result) ? result : null;
      operations.set(operationName, operation);
    }
    return operation;
  };

  const listeners = new Set<Parameters<Gateway['onSchemaLoadOrUpdate']>[0]>();
  return {
    onSchemaLoadOrUpdate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load() {
      for (const listener of listeners) listener({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return {
        async executor({ document, request, context }) {
          const operationName = request.operationName ?? undefined;
          const variables = request.variables ?? {};
          const byGraphQLJs = () => execute({ schema, document, contextValue: context, variableValues: variables, operationName });
          const operation = compiledFor(document, operationName);
          if (!operation) return byGraphQLJs();
          const result = (await operation.query(undefined, context, variables)) as ExecutionResult;
          // An answer without `data` is graphql-jit refusing the variables before anything ran. graphql-js
          // takes them instead: it gives an input's fields their defaults where they are left out
          // (graphql-jit refuses a required one), and words a refusal as the clients know it.
          if (!('data' in result)) return byGraphQLJs();
          // In the order graphql-js answers them, which the JSON answer keeps.
          return result.errors ? { errors: result.errors.map(asGraphQLError), data: result.data } : result;
        },
      };
    },
    async stop() {
      listeners.clear();
    },
  };
}

/**
 * graphql-jit's own error as graphql-js makes it: the same message, locations, path, extensions and
 * original error, but a message the plugins may rewrite (graphql-armor masks field suggestions in
 * place; graphql-jit's errors are frozen).
 */
function asGraphQLError(error: GraphQLFormattedError & { originalError?: Error | null }): GraphQLError {
  const converted = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  });
  // Where in the document, as graphql-jit worked it out (graphql-js would from the nodes it has not got).
  if (error.locations) Object.assign(converted, { locations: error.locations });
  return converted;
}
