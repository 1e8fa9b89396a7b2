// @vitest-environment happy-dom
import type { ApolloClient } from '@apollo/client';
import { renderHook } from '@testing-library/react';
import { withNuqsTestingAdapter } from 'nuqs/adapters/testing';
import { describe, expect, it, vi } from 'vitest';
import { UserListDocument } from '@/generated/graphql';
import { useListState } from '@/lib/useListState';
import prefetchUserList from './prefetchUserList';
import { userList } from './userList';

describe('prefetchUserList', () => {
  it.each(['', '?status=INVITED&sort=-created&size=10'])(
    'asks for the page the people list shows at %j, with the variables the screen asks with (the viewer’s own organisation)',
    async (search) => {
      const query = vi.fn(() => Promise.resolve({ data: {} }));
      await prefetchUserList({ query } as unknown as ApolloClient, new URL(`http://console.test/UserManagement${search}`));
      const { result } = renderHook(() => useListState(userList), { wrapper: withNuqsTestingAdapter({ searchParams: search }) });
      // As UsersScreen asks on /UserManagement.
      const variables = { ...result.current.variables, organizationId: undefined };
      expect(query).toHaveBeenCalledWith({ query: UserListDocument, variables, fetchPolicy: 'network-only' });
    },
  );
});
