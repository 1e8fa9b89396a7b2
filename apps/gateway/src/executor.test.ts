import type { ApolloServer } from '@apollo/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayContext } from './context';
import type { ClientUser } from './datasources/types';
import { restError } from './errors';
import { executorFromEnv } from './executor';
import { createGraphQLServer } from './server';
import { CALLERS, fakeContext, ORGANIZATIONS, type FakeSources } from './testing/fakes';

const NINA: ClientUser = {
  ClientUserId: 41,
  UUID: '00000000-0000-4000-8000-000000000041',
  ClientId: ORGANIZATIONS.A.ClientId,
  UserFirstname: 'Nina',
  UserLastname: 'Invitee',
  OfficialEmail: 'nina@acme.local',
  Phone: null,
  DepartmentName: 'Research',
  DepartmentCode: 'RND',
  TypeOfUser: 'User',
  IsActive: true,
  Status: 'INVITED',
  CreatedAt: '2026-11-01T09:00:00Z',
};

const VIEWER = 'query Viewer { viewer { id email typeOfUser landingPath menu { path name } organization { id companyName } } }';
const USERS = /* GraphQL */ `
  query UserList($organizationId: ID, $page: PageInput, $sort: UserSort) {
    users(organizationId: $organizationId, page: $page, sort: $sort) {
      totalCount
      nodes {
        id
        firstName
        status
        typeOfUser
        createdAt
      }
    }
  }
`;
const SIGN_IN = /* GraphQL */ `
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      viewer {
        email
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

type Caller = keyof typeof CALLERS;
type Case = { name: string; query: string; variables?: Record<string, unknown>; operationName?: string; as: Caller; sources?: FakeSources };

const listUsers = async () => ({ rows: [NINA], contentRange: '0-0/1' });
const CASES: Case[] = [
  { name: 'the viewer, nested objects, lists and an enum', query: VIEWER, as: 'orgAdminOfA' },
  { name: 'the viewer when signed out (null)', query: VIEWER, as: 'anonymous' },
  {
    name: 'a list with its variables, an input field left to its default and a date',
    query: USERS,
    variables: { page: { limit: 10 }, sort: { field: 'NAME' } },
    as: 'orgAdminOfA',
    sources: { users: { listUsers } },
  },
  {
    name: "another organisation's people (FORBIDDEN at its path)",
    query: USERS,
    variables: { organizationId: String(ORGANIZATIONS.A.ClientId) },
    as: 'orgAdminOfB',
  },
  {
    name: 'a variable of the wrong type',
    query: USERS,
    variables: { page: { limit: 'ten' } },
    as: 'orgAdminOfA',
  },
  {
    name: 'a failure of the REST service',
    query: USERS,
    as: 'orgAdminOfA',
    sources: { users: { listUsers: () => Promise.reject(restError(503, undefined)) } },
  },
  {
    name: 'a mutation whose input leaves a required field to its default (keepSignedIn), refused in its payload',
    query: SIGN_IN,
    variables: { input: { email: 'admin@acme.local', password: 'Wrong@123', captcha: 'solved' } },
    as: 'anonymous',
    sources: {
      account: { signIn: () => Promise.reject(restError(401, { code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password' })) },
    },
  },
  { name: 'an operation the document does not have', query: VIEWER, operationName: 'Nothing', as: 'orgAdminOfA' },
  { name: 'introspection', query: '{ __type(name: "PageInput") { name inputFields { name defaultValue } } }', as: 'superAdmin' },
];

const servers = { jit: createGraphQLServer('production', 'jit'), graphqlJs: createGraphQLServer('production', 'graphql-js') };
beforeAll(() => Promise.all(Object.values(servers).map((server) => server.start())));
afterAll(() => Promise.all(Object.values(servers).map((server) => server.stop())));

async function answer(server: ApolloServer<GatewayContext>, { query, variables, operationName, as, sources }: Case) {
  const contextValue = fakeContext({ viewer: CALLERS[as], sources, usesApiKey: as === 'superAdmin' });
  const response = await server.executeOperation({ query, variables, operationName }, { contextValue });
  return { status: response.http.status ?? 200, body: response.body, events: contextValue.sessionEvents };
}

describe('operations compiled by graphql-jit', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('answer as graphql-js does: %s', async (_name, operation) => {
    const compiled = await answer(servers.jit, operation);
    const interpreted = await answer(servers.graphqlJs, operation);
    expect(compiled).toEqual(interpreted);
    // The same wording, path, places in the document and codes: nothing left out by either.
    expect(JSON.stringify(compiled.body)).toBe(JSON.stringify(interpreted.body));
  });

  it('answer the data the resolvers give and the codes they throw, with the place in the document', async () => {
    const list = await answer(servers.jit, CASES[2]!);
    expect(list.body.kind === 'single' && list.body.singleResult.data).toEqual({
      users: {
        totalCount: 1,
        nodes: [{ id: '41', firstName: 'Nina', status: 'INVITED', typeOfUser: 'USER', createdAt: '2026-11-01T09:00:00Z' }],
      },
    });
    const refused = await answer(servers.jit, CASES[3]!);
    expect(refused.body.kind === 'single' && refused.body.singleResult.errors).toEqual([
      expect.objectContaining({
        path: ['users'],
        locations: [{ line: 3, column: 5 }],
        extensions: { code: 'FORBIDDEN', requestId: 'test-request' },
      }),
    ]);
    const typo = await answer(servers.jit, CASES[4]!);
    expect(typo.status).toBe(400);
  });

  it('run the operation each request names, when one document has several (each compiled on its own)', async () => {
    const document = `${VIEWER} query Other { viewer { id } }`;
    for (const operationName of ['Viewer', 'Other', 'Viewer', 'Other']) {
      const response = await answer(servers.jit, { name: operationName, query: document, operationName, as: 'orgAdminOfA' });
      const data = response.body.kind === 'single' ? response.body.singleResult.data : undefined;
      expect(Object.keys((data?.viewer as object | undefined) ?? {})).toEqual(
        operationName === 'Other' ? ['id'] : ['id', 'email', 'typeOfUser', 'landingPath', 'menu', 'organization'],
      );
    }
  });
});

describe('GRAPHQL_EXECUTOR', () => {
  it('is jit unless it names graphql-js, and refuses anything else', () => {
    expect(executorFromEnv({})).toBe('jit');
    expect(executorFromEnv({ GRAPHQL_EXECUTOR: '' })).toBe('jit');
    expect(executorFromEnv({ GRAPHQL_EXECUTOR: 'graphql-js' })).toBe('graphql-js');
    expect(() => executorFromEnv({ GRAPHQL_EXECUTOR: 'fast' })).toThrow(/GRAPHQL_EXECUTOR must be one of jit, graphql-js/);
  });
});
