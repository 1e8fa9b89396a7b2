import { ApolloClient, ApolloLink, gql } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createCache, isListPageType } from './apollo';
import { dropListPages } from './listCache';

// Written by hand here: the cache needs no schema, and the list queries of the screens do not exist yet.
const ORGANIZATION_LIST = gql`
  query OrganizationList($page: PageInput, $search: String, $sort: OrganizationSort) {
    organizations(page: $page, search: $search, sort: $sort) {
      totalCount
      pageInfo {
        offset
        limit
        hasNextPage
        hasPreviousPage
      }
      nodes {
        id
        companyName
      }
    }
  }
`;

const ORGANIZATION = gql`
  query Organization($id: ID!) {
    organization(id: $id) {
      id
      companyName
    }
  }
`;

const ORGANIZATION_NAME = gql`
  fragment OrganizationName on Organization {
    id
    companyName
  }
`;

type Org = { __typename: 'Organization'; id: string; companyName: string };
const org = (id: string, companyName: string): Org => ({ __typename: 'Organization', id, companyName });

function page(nodes: Org[], offset: number, totalCount: number) {
  return {
    organizations: {
      __typename: 'OrganizationPage',
      totalCount,
      pageInfo: { __typename: 'PageInfo', offset, limit: 2, hasNextPage: offset + 2 < totalCount, hasPreviousPage: offset > 0 },
      nodes,
    },
  };
}

const firstPage = { page: { offset: 0, limit: 2 }, sort: { field: 'COMPANY_NAME', direction: 'ASC' } };
const secondPage = { page: { offset: 2, limit: 2 }, sort: { field: 'COMPANY_NAME', direction: 'ASC' } };

function readNames(cache: ReturnType<typeof createCache>, variables: object): string[] | null {
  const data = cache.readQuery<ReturnType<typeof page>>({ query: ORGANIZATION_LIST, variables });
  return data ? data.organizations.nodes.map((node) => node.companyName) : null;
}

describe('isListPageType', () => {
  it.each([
    ['OrganizationPage', true],
    ['UserPage', true],
    ['PageInfo', false],
    ['Page', false],
    ['Organization', false],
    [undefined, false],
  ])('%s -> %s', (typename, expected) => {
    expect(isListPageType(typename)).toBe(expected);
  });
});

describe('the cache', () => {
  it('keeps one page per set of arguments', () => {
    const cache = createCache();
    cache.writeQuery({ query: ORGANIZATION_LIST, variables: firstPage, data: page([org('1', 'Acme'), org('2', 'Globex')], 0, 3) });
    cache.writeQuery({ query: ORGANIZATION_LIST, variables: secondPage, data: page([org('3', 'Initech')], 2, 3) });
    cache.writeQuery({ query: ORGANIZATION_LIST, variables: { ...firstPage, search: 'glo' }, data: page([org('2', 'Globex')], 0, 1) });

    expect(readNames(cache, firstPage)).toEqual(['Acme', 'Globex']);
    expect(readNames(cache, secondPage)).toEqual(['Initech']);
    expect(readNames(cache, { ...firstPage, search: 'glo' })).toEqual(['Globex']);
    expect(readNames(cache, { ...firstPage, sort: { field: 'COMPANY_NAME', direction: 'DESC' } })).toBeNull();
  });

  it('stores pages inside the list field, and each organisation once under its id', () => {
    const cache = createCache();
    cache.writeQuery({ query: ORGANIZATION_LIST, variables: firstPage, data: page([org('1', 'Acme'), org('2', 'Globex')], 0, 2) });
    const stored = cache.extract() as Record<string, Record<string, unknown>>;
    expect(Object.keys(stored).sort()).toEqual(['Organization:1', 'Organization:2', 'ROOT_QUERY']);
    const pages = Object.entries(stored.ROOT_QUERY ?? {}).filter(([field]) => field.startsWith('organizations('));
    expect(pages).toHaveLength(1);
    expect(pages[0]?.[1]).toMatchObject({
      __typename: 'OrganizationPage',
      nodes: [{ __ref: 'Organization:1' }, { __ref: 'Organization:2' }],
    });
  });

  it('keeps pages apart even when a page type carries an id', () => {
    const cache = createCache();
    const LIST_WITH_ID = gql`
      query Sessions($page: PageInput) {
        sessions(page: $page) {
          id
          totalCount
        }
      }
    `;
    cache.writeQuery({
      query: LIST_WITH_ID,
      variables: { page: { offset: 0 } },
      data: { sessions: { __typename: 'SessionPage', id: 'p', totalCount: 5 } },
    });
    cache.writeQuery({
      query: LIST_WITH_ID,
      variables: { page: { offset: 25 } },
      data: { sessions: { __typename: 'SessionPage', id: 'p', totalCount: 6 } },
    });
    expect(cache.readQuery({ query: LIST_WITH_ID, variables: { page: { offset: 0 } } })).toMatchObject({ sessions: { totalCount: 5 } });
    expect(Object.keys(cache.extract())).toEqual(['ROOT_QUERY']);
  });

  it('shows what a mutation changed in every page that holds the row', () => {
    const cache = createCache();
    cache.writeQuery({ query: ORGANIZATION_LIST, variables: firstPage, data: page([org('1', 'Acme'), org('2', 'Globex')], 0, 2) });
    cache.writeQuery({ query: ORGANIZATION_LIST, variables: { ...firstPage, search: 'glo' }, data: page([org('2', 'Globex')], 0, 1) });

    // What an update mutation's payload writes: the organisation as it is now.
    cache.writeFragment({ fragment: ORGANIZATION_NAME, data: org('2', 'Globex Industries') });

    expect(readNames(cache, firstPage)).toEqual(['Acme', 'Globex Industries']);
    expect(readNames(cache, { ...firstPage, search: 'glo' })).toEqual(['Globex Industries']);
  });

  it('answers organization(id) from a row the list already brought', () => {
    const cache = createCache();
    cache.writeQuery({ query: ORGANIZATION_LIST, variables: firstPage, data: page([org('1', 'Acme'), org('2', 'Globex')], 0, 2) });
    expect(cache.readQuery({ query: ORGANIZATION, variables: { id: '2' } })).toEqual({ organization: org('2', 'Globex') });
    expect(cache.readQuery({ query: ORGANIZATION, variables: { id: '9' } })).toBeNull();
  });

  it('remembers that an organisation does not exist', () => {
    const cache = createCache();
    cache.writeQuery({ query: ORGANIZATION, variables: { id: '9' }, data: { organization: null } });
    expect(cache.readQuery({ query: ORGANIZATION, variables: { id: '9' } })).toEqual({ organization: null });
  });
});

describe('dropListPages', () => {
  it('forgets every page of the list but keeps other lists and organisations still in use', () => {
    const cache = createCache();
    cache.writeQuery({ query: ORGANIZATION_LIST, variables: firstPage, data: page([org('1', 'Acme'), org('2', 'Globex')], 0, 3) });
    cache.writeQuery({ query: ORGANIZATION_LIST, variables: secondPage, data: page([org('3', 'Initech')], 2, 3) });
    cache.writeQuery({ query: ORGANIZATION, variables: { id: '1' }, data: { organization: org('1', 'Acme') } });

    dropListPages(cache, 'organizations');

    expect(readNames(cache, firstPage)).toBeNull();
    expect(readNames(cache, secondPage)).toBeNull();
    expect(cache.readQuery({ query: ORGANIZATION, variables: { id: '1' } })).toEqual({ organization: org('1', 'Acme') });
    // Nothing refers to the others any more (say, deleted): they are collected.
    expect(Object.keys(cache.extract()).sort()).toEqual(['Organization:1', 'ROOT_QUERY']);
  });

  it('drops a list held by an object, leaving the object', () => {
    const cache = createCache();
    const WITH_USERS = gql`
      query OrganizationUsers($id: ID!) {
        organization(id: $id) {
          id
          companyName
          users {
            totalCount
            nodes {
              id
            }
          }
        }
      }
    `;
    cache.writeQuery({
      query: WITH_USERS,
      variables: { id: '1' },
      data: {
        organization: { ...org('1', 'Acme'), users: { __typename: 'UserPage', totalCount: 1, nodes: [{ __typename: 'User', id: '7' }] } },
      },
    });
    dropListPages(cache, 'users', org('1', 'Acme'));
    expect(cache.readQuery({ query: WITH_USERS, variables: { id: '1' } })).toBeNull();
    expect(cache.readQuery({ query: ORGANIZATION, variables: { id: '1' } })).toEqual({ organization: org('1', 'Acme') });
  });

  it('makes a screen that shows the list fetch it again', async () => {
    const requests: unknown[] = [];
    const answers = [page([org('1', 'Acme')], 0, 1), page([org('1', 'Acme'), org('4', 'Hooli')], 0, 2)];
    const client = new ApolloClient({
      cache: createCache(),
      link: new ApolloLink(
        (operation) =>
          new Observable((observer) => {
            requests.push(operation.variables);
            observer.next({ data: answers[requests.length - 1] });
            observer.complete();
          }),
      ),
    });
    const seen: string[][] = [];
    const subscription = client.watchQuery({ query: ORGANIZATION_LIST, variables: firstPage }).subscribe((result) => {
      const nodes = (result.data as ReturnType<typeof page> | undefined)?.organizations.nodes;
      if (nodes) seen.push(nodes.map((node) => node.companyName));
    });
    await expect.poll(() => seen).toEqual([['Acme']]);

    // What a create mutation's `update` does once the server has added Hooli.
    dropListPages(client.cache, 'organizations');

    await expect.poll(() => seen.at(-1)).toEqual(['Acme', 'Hooli']);
    expect(requests).toHaveLength(2);
    subscription.unsubscribe();
  });
});
