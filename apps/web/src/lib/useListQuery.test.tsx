// @vitest-environment happy-dom
import { ApolloClient, ApolloLink, InMemoryCache, Observable, gql, type TypedDocumentNode } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PageRequest } from './collectPages';
import { useListQuery } from './useListQuery';

type Data = { things: { totalCount: number; nodes: { id: string }[] } };
type Variables = { page?: PageRequest | null; search?: string | null };
const THINGS: TypedDocumentNode<Data, Variables> = gql`
  query Things($page: PageInput, $search: String) {
    things(page: $page, search: $search) {
      totalCount
      nodes {
        id
      }
    }
  }
`;

/** The server of the export: 230 things, answered a page at a time as asked. */
const server = new ApolloLink(
  (operation) =>
    new Observable((observer) => {
      const { offset, limit } = operation.variables.page as PageRequest;
      const nodes = Array.from({ length: Math.max(0, Math.min(limit, 230 - offset)) }, (_, i) => ({
        __typename: 'Thing',
        id: `t${offset + i}`,
      }));
      observer.next({ data: { things: { __typename: 'Things', totalCount: 230, nodes } } });
      observer.complete();
    }),
);
const wrapper = ({ children }: { children: ReactNode }) => (
  <ApolloProvider client={new ApolloClient({ cache: new InMemoryCache(), link: server })}>{children}</ApolloProvider>
);
const list = { page: 2, pageSize: 25, variables: { page: { offset: 25, limit: 25 }, search: 'a' } } as unknown as Parameters<
  typeof useListQuery<Data, Variables, { id: string }>
>[2];
const page = (ids: string[]): Data => ({ things: { totalCount: 40, nodes: ids.map((id) => ({ id })) } });

describe('useListQuery', () => {
  it('asks with the list’s variables and keeps the last page’s rows while the next one loads', () => {
    const useThings = vi.fn(() => ({ data: undefined, previousData: page(['a', 'b']), loading: true, refetch: () => Promise.resolve() }));
    const { result } = renderHook(() => useListQuery(useThings, THINGS, list, (data) => data.things), { wrapper });
    expect(useThings).toHaveBeenCalledWith({ variables: list.variables, notifyOnNetworkStatusChange: true });
    expect(result.current.table).toMatchObject({ rows: [{ id: 'a' }, { id: 'b' }], totalCount: 40, loading: true, list });
  });

  it('retries without letting a failed retry escape, and shows the error it had', async () => {
    const failure = new Error('The console cannot reach the server');
    const refetch = vi.fn(() => Promise.reject(failure));
    const useThings = () => ({ data: undefined, previousData: undefined, loading: false, error: failure, refetch });
    const { result } = renderHook(() => useListQuery(useThings, THINGS, list, (data) => data.things), { wrapper });
    expect(result.current.table).toMatchObject({ rows: undefined, totalCount: undefined, error: failure });
    result.current.table.onRetry();
    await Promise.resolve();
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('reads a fresh list from the server at every visit, and keeps its rows when a refresh fails', () => {
    const failure = new Error('The console cannot reach the server');
    const useThings = vi.fn(() => ({ data: page(['a']), loading: false, error: failure, refetch: () => Promise.resolve() }));
    const { result } = renderHook(() => useListQuery(useThings, THINGS, list, (data) => data.things, { fresh: true }), { wrapper });
    expect(useThings).toHaveBeenCalledWith({
      variables: list.variables,
      notifyOnNetworkStatusChange: true,
      fetchPolicy: 'cache-and-network',
    });
    expect(result.current.table).toMatchObject({ rows: [{ id: 'a' }], error: undefined });

    // A list that is not fresh says its page could not be read, even with the last rows at hand.
    const plain = renderHook(() => useListQuery(useThings, THINGS, list, (data) => data.things), { wrapper });
    expect(plain.result.current.table.error).toBe(failure);
  });

  it('exports every row as the list is searched now, not only the page shown', async () => {
    const useThings = () => ({ data: page(['t25']), loading: false, refetch: () => Promise.resolve() });
    const { result } = renderHook(() => useListQuery(useThings, THINGS, list, (data) => data.things), { wrapper });
    const rows = await result.current.table.exportRows();
    expect(rows).toHaveLength(230);
    expect(rows[229]).toMatchObject({ id: 't229' });
  });
});
