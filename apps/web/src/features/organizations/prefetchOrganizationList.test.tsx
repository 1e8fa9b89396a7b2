// @vitest-environment happy-dom
import type { ApolloClient } from '@apollo/client';
import { renderHook } from '@testing-library/react';
import { withNuqsTestingAdapter } from 'nuqs/adapters/testing';
import { describe, expect, it, vi } from 'vitest';
import { OrganizationListDocument } from '@/generated/graphql';
import { useListState } from '@/lib/useListState';
import { organizationList } from './organizationList';
import prefetchOrganizationList from './prefetchOrganizationList';

describe('prefetchOrganizationList', () => {
  it.each(['', '?page=2&sort=-onboarded&q=acme&active=true&clientType=Enterprise'])(
    'asks for the page the organisation list shows at %j, with the variables the screen asks with',
    async (search) => {
      const query = vi.fn(() => Promise.resolve({ data: {} }));
      await prefetchOrganizationList({ query } as unknown as ApolloClient, new URL(`http://console.test/OrganizationDetails${search}`));
      const { result } = renderHook(() => useListState(organizationList), { wrapper: withNuqsTestingAdapter({ searchParams: search }) });
      expect(query).toHaveBeenCalledWith({
        query: OrganizationListDocument,
        variables: result.current.variables,
        fetchPolicy: 'network-only',
      });
    },
  );
});
