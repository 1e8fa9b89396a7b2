// @vitest-environment happy-dom
import type { ApolloClient } from '@apollo/client';
import { renderHook } from '@testing-library/react';
import { withNuqsTestingAdapter } from 'nuqs/adapters/testing';
import { describe, expect, it, vi } from 'vitest';
import { organizationList } from '@/features/organizations/organizationList';
import { userList } from '@/features/users/userList';
import { OrganizationListDocument } from '@/generated/graphql';
import { listVariablesAt, prefetchList } from './prefetchList';
import { useListState } from './useListState';

const ADDRESSES = [
  '',
  '?page=3&size=50&sort=-onboarded&q=acme&active=true&clientType=Enterprise',
  '?sort=vertical&licenceExpiringSoon=false&page=nonsense',
];

describe('listVariablesAt', () => {
  it.each(ADDRESSES)('asks with what the screen asks with for %j, so it finds the answer instead of asking again', (search) => {
    const { result } = renderHook(() => useListState(organizationList), {
      wrapper: withNuqsTestingAdapter({ searchParams: search }),
    });
    expect(listVariablesAt(organizationList, new URL(`http://console.test/OrganizationDetails${search}`))).toEqual(
      result.current.variables,
    );
  });

  it.each(['', '?status=INVITED&sort=-created&size=10', '?status=GONE'])('and what the people list asks with for %j', (search) => {
    const { result } = renderHook(() => useListState(userList), { wrapper: withNuqsTestingAdapter({ searchParams: search }) });
    expect(listVariablesAt(userList, new URL(`http://console.test/UserManagement${search}`))).toEqual(result.current.variables);
  });
});

describe('prefetchList', () => {
  it('asks the gateway, not the cache, and leaves a failure to the screen', async () => {
    const query = vi.fn(() => Promise.reject(new Error('offline')));
    const client = { query } as unknown as ApolloClient;
    await expect(
      prefetchList(client, OrganizationListDocument, organizationList, new URL('http://console.test/OrganizationDetails?q=acme')),
    ).resolves.toBeUndefined();
    expect(query).toHaveBeenCalledWith({
      query: OrganizationListDocument,
      variables: expect.objectContaining({ search: 'acme', page: { offset: 0, limit: 25 } }),
      fetchPolicy: 'network-only',
    });
  });
});
