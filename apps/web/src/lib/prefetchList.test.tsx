// @vitest-environment happy-dom
import type { ApolloClient, TypedDocumentNode } from '@apollo/client';
import { renderHook } from '@testing-library/react';
import { parseAsBoolean, parseAsString } from 'nuqs';
import { withNuqsTestingAdapter } from 'nuqs/adapters/testing';
import { describe, expect, it, vi } from 'vitest';
import { defineList, type ListVariables } from './listState';
import { listVariablesAt, prefetchList } from './prefetchList';
import { useListState } from './useListState';

const things = defineList({
  sortFields: { name: 'NAME', created: 'CREATED_AT' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { kind: parseAsString, active: parseAsBoolean },
});
const ThingList = { kind: 'Document', definitions: [] } as unknown as TypedDocumentNode<
  object,
  ListVariables<typeof things> & { ownerId?: string }
>;

describe('listVariablesAt', () => {
  it.each(['', '?page=3&size=50&sort=-created&q=acme&active=true&kind=big', '?sort=nonsense&active=false&page=x'])(
    'asks with what the list screen asks with for %j, so it finds the answer instead of asking again',
    (search) => {
      const { result } = renderHook(() => useListState(things), { wrapper: withNuqsTestingAdapter({ searchParams: search }) });
      expect(listVariablesAt(things, new URL(`http://console.test/things${search}`))).toEqual(result.current.variables);
    },
  );
});

describe('prefetchList', () => {
  it('asks the gateway, not the cache, with the screen’s other variables, and leaves a failure to the screen', async () => {
    const query = vi.fn(() => Promise.reject(new Error('offline')));
    const client = { query } as unknown as ApolloClient;
    const url = new URL('http://console.test/things?q=acme');
    await expect(prefetchList(client, ThingList, things, url, { ownerId: 'o1' })).resolves.toBeUndefined();
    expect(query).toHaveBeenCalledWith({
      query: ThingList,
      variables: expect.objectContaining({ search: 'acme', page: { offset: 0, limit: 25 }, ownerId: 'o1' }),
      fetchPolicy: 'network-only',
    });
  });
});
