// Emits one typed Apollo Client 4 hook per operation (useXQuery, useXLazyQuery, useXMutation)
// on top of the typed documents of @graphql-codegen/typed-document-node. The community
// react-apollo plugin still targets Apollo Client 3 types; this keeps its hook names on v4.
const { Kind } = require('graphql');

const hasRequiredVariables = (operation) =>
  (operation.variableDefinitions ?? []).some((v) => v.type.kind === Kind.NON_NULL_TYPE && !v.defaultValue);

function hooksFor(operation) {
  const name = operation.name.value;
  const kind = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' }[operation.operation];
  const result = `${name}${kind}`;
  const variables = `${result}Variables`;
  const document = `${name}Document`;
  const optional = hasRequiredVariables(operation) ? '' : ' = {}';
  if (kind === 'Query') {
    return [
      `export function use${result}(options: Apollo.useQuery.Options<${result}, ${variables}>${optional}) {`,
      `  return Apollo.useQuery(${document}, options);`,
      '}',
      `export function use${name}LazyQuery(options: Apollo.useLazyQuery.Options<${result}, ${variables}> = {}) {`,
      `  return Apollo.useLazyQuery(${document}, options);`,
      '}',
    ];
  }
  if (kind === 'Mutation') {
    return [
      `export function use${result}(options: Apollo.useMutation.Options<${result}, ${variables}> = {}) {`,
      `  return Apollo.useMutation(${document}, options);`,
      '}',
    ];
  }
  return [];
}

module.exports = {
  plugin(_schema, documents) {
    const operations = documents
      .flatMap((source) => source.document?.definitions ?? [])
      .filter((definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.name);
    return {
      prepend: ["import * as Apollo from '@apollo/client/react';"],
      content: operations.flatMap(hooksFor).join('\n'),
    };
  },
};
