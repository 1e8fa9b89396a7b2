import type { ApolloServerPlugin } from '@apollo/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayContext } from './context';
import { createGraphQLServer } from './server';

/** What Apollo Server did with each document: parsed it, validated it (graphql-armor's rules among them), or took the one it kept. */
const seen = { parsed: 0, validated: 0, documents: new Set<unknown>() };
const counting: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async parsingDidStart() {
        seen.parsed++;
      },
      async validationDidStart() {
        seen.validated++;
      },
      async didResolveOperation({ document }) {
        seen.documents.add(document);
      },
    };
  },
};

const server = createGraphQLServer('production');
server.addPlugin(counting);
beforeAll(() => server.start());
afterAll(() => server.stop());

const context = () => ({ request: { requestId: 'test' } }) as unknown as GatewayContext;
const run = (query: string, operationName?: string) => server.executeOperation({ query, operationName }, { contextValue: context() });

describe('a GraphQL document', () => {
  it('is parsed and validated once: the same text again is served from the documents Apollo Server keeps', async () => {
    const before = { ...seen, documents: seen.documents.size };
    const query = 'query First { __typename } query Second { __typename }';
    for (const name of ['First', 'Second', 'First', 'Second', 'First']) {
      const answer = await run(query, name);
      expect(answer.body.kind === 'single' && answer.body.singleResult).toMatchObject({ data: { __typename: 'Query' } });
    }
    expect(seen.parsed - before.parsed).toBe(1);
    expect(seen.validated - before.validated).toBe(1);
    // Every request, whichever operation it names, was handed the one document.
    expect(seen.documents.size - before.documents).toBe(1);

    await run('query Third { __typename }');
    expect(seen.parsed - before.parsed).toBe(2);
  });

  it('still meets graphql-armor on every request: a refused document is never kept, and refused again', async () => {
    // 13 levels deep, past armor's limit of 10 (graphql-js also refuses the made-up fields).
    const deep = `{ viewer { ${'nested { '.repeat(11)}id${' }'.repeat(11)} } }`;
    for (let i = 0; i < 2; i++) {
      const answer = await run(deep);
      const errors = answer.body.kind === 'single' ? answer.body.singleResult.errors : undefined;
      expect(errors?.map((error) => error.message)).toContainEqual(expect.stringMatching(/depth limit of 10 exceeded/));
    }
  });

  it('is answered with Cache-Control: no-store, data or errors, so no browser or proxy keeps it', async () => {
    for (const query of ['{ __typename }', '{ nothingHere }']) {
      const answer = await run(query);
      expect(answer.http.headers.get('cache-control')).toBe('no-store');
    }
  });
});
