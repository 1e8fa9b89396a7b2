// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { screen } from '@testing-library/react';
import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { describe, expect, it } from 'vitest';
import { LicenceListDocument, ViewerDocument, type TypeOfUser } from '@/generated/graphql';
import { createCache } from '@/lib/apollo';
import { renderInConsole } from '@/testing/render';
import { SubscriptionsScreen } from './SubscriptionsScreen';

const LICENCE = {
  __typename: 'Licence',
  id: '7',
  organizationId: '42',
  productId: '2',
  productName: 'Yozy Web',
  planId: '3',
  planName: 'Web Business',
  cost: 49,
  currency: 'USD',
  frequency: 'MONTHLY',
  capacity: 50,
  validTill: '2099-01-31',
  isActive: true,
  seatsUsed: 11,
  seatsCapacity: 50,
};

const viewer = (typeOfUser: TypeOfUser): MockLink.MockedResponse => ({
  request: { query: ViewerDocument },
  result: {
    data: {
      viewer: {
        __typename: 'Viewer',
        id: '1',
        uuid: 'u-1',
        email: 'someone@example.test',
        firstName: 'Some',
        lastName: 'One',
        typeOfUser,
        role: null,
        landingPath: '/',
        productUrl: null,
        menu: [],
        organization: null,
      },
    },
  },
});

const licences: MockLink.MockedResponse = {
  request: { query: LicenceListDocument, variables: () => true },
  result: {
    data: {
      licences: {
        __typename: 'LicencePage',
        totalCount: 1,
        pageInfo: { __typename: 'PageInfo', offset: 0, limit: 25, hasNextPage: false, hasPreviousPage: false },
        nodes: [LICENCE],
      },
    },
  },
  maxUsageCount: 5,
};

function renderScreen(typeOfUser: TypeOfUser, organizationId?: string) {
  return renderInConsole(
    <MockedProvider mocks={[viewer(typeOfUser), licences]} cache={createCache()}>
      <NuqsAdapter>
        <SubscriptionsScreen organizationId={organizationId} embedded={organizationId !== undefined} />
      </NuqsAdapter>
    </MockedProvider>,
  );
}

describe('SubscriptionsScreen', { timeout: 20_000 }, () => {
  it("offers the provider's SuperAdmin the licence actions in an organisation's tab", async () => {
    renderScreen('SUPER_ADMIN', '42');
    expect(await screen.findByRole('button', { name: 'Add licence' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Actions for Yozy Web Web Business' })).toBeTruthy();
  });

  it('keeps the organisation admin’s own screen read-only', async () => {
    renderScreen('ORG_ADMIN');
    expect(await screen.findByText('Web Business')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add licence' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });
});
