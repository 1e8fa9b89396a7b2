// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OrganizationInfoDocument, OrganizationSetActiveDocument, OrganizationUpdateDocument } from '@/generated/graphql';
import { createCache } from '@/lib/apollo';
import { renderInConsole } from '@/testing/render';
import OrganizationInfoScreen from './OrganizationInfoScreen';

const organization = {
  __typename: 'Organization' as const,
  id: '42',
  companyName: 'Acme Corporation',
  dateOnboarded: '2024-03-01',
  addressLine1: '1 Road Runner Way',
  addressLine2: null,
  city: 'Springfield',
  state: null,
  country: 'United States',
  countryCode: 'US',
  pincode: null,
  contactName: 'Wile E. Coyote',
  designation: null,
  currencyCode: 'USD',
  clientType: 'Enterprise',
  natureOfBusiness: null,
  businessVertical: 'Industrial',
  revenueUsd: 1000,
  defaultRegions: ['us-east-1'],
  isActive: true,
  isProvider: false,
};

const info = {
  request: { query: OrganizationInfoDocument, variables: { id: '42' } },
  result: {
    data: {
      organization,
      regions: {
        __typename: 'RegionPage',
        nodes: [
          { __typename: 'Region', id: '1', code: 'us-east-1', name: 'US East' },
          { __typename: 'Region', id: '2', code: 'eu-west-1', name: 'EU West' },
        ],
      },
      offeredOrganizationChoices: {
        __typename: 'OfferedOrganizationChoices',
        businessVerticals: ['Finance', 'Industrial'],
        clientTypes: ['Enterprise', 'SMB'],
      },
    },
  },
};

const saved = { ...organization, companyName: 'Acme Holdings', defaultRegions: ['us-east-1', 'eu-west-1'] };
const input = {
  id: '42',
  companyName: 'Acme Holdings',
  addressLine1: '1 Road Runner Way',
  addressLine2: null,
  city: 'Springfield',
  state: null,
  countryCode: 'US',
  pincode: null,
  contactName: 'Wile E. Coyote',
  designation: null,
  currencyCode: 'USD',
  clientType: 'Enterprise',
  natureOfBusiness: null,
  businessVertical: 'Industrial',
  revenueUsd: 1000,
  defaultRegions: ['us-east-1', 'eu-west-1'],
};

const payload = (data: Record<string, unknown>) => ({ __typename: 'OrganizationPayload', ...data });

function renderScreen(mocks: MockLink.MockedResponse[]) {
  return renderInConsole(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <OrganizationInfoScreen organizationId="42" />
    </MockedProvider>,
  );
}

describe('OrganizationInfoScreen', { timeout: 30_000 }, () => {
  it('saves the edited details and regions, and keeps what was typed when the server refuses it', async () => {
    const refused = {
      request: { query: OrganizationUpdateDocument, variables: { input } },
      result: {
        data: {
          updateOrganization: payload({
            organization: null,
            errors: [{ __typename: 'UserError', code: 'BAD_USER_INPUT', field: 'defaultRegions', message: 'Choose regions from the list' }],
          }),
        },
      },
    };
    const accepted = {
      request: { query: OrganizationUpdateDocument, variables: { input } },
      result: { data: { updateOrganization: payload({ organization: saved, errors: [] }) } },
    };
    renderScreen([info, refused, accepted]);
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /Company name/ });
    await user.clear(name);
    await user.type(name, 'Acme Holdings');
    await user.click(screen.getByRole('checkbox', { name: /EU West/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByTestId('organization-regions-error')).textContent).toBe('Choose regions from the list');
    expect((screen.getByRole('textbox', { name: /Company name/ }) as HTMLInputElement).value).toBe('Acme Holdings');
    expect((screen.getByRole('checkbox', { name: /EU West/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByTestId('organization-regions-error')).toBeNull());
    expect((screen.getByRole('textbox', { name: /Company name/ }) as HTMLInputElement).value).toBe('Acme Holdings');
  });

  it('asks before deactivating, saying every session of its users ends', async () => {
    const deactivate = {
      request: { query: OrganizationSetActiveDocument, variables: { input: { id: '42', active: false } } },
      result: { data: { setOrganizationActive: payload({ organization: { ...organization, isActive: false }, errors: [] }) } },
    };
    renderScreen([info, deactivate]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate organization' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Every session of Acme Corporation’s users ends now');
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect((await screen.findByRole('button', { name: 'Activate organization' })).textContent).toBe('Activate organization');
    expect(screen.getByTestId('organization-status').textContent).toBe('Deactivated');
  });

  it("offers no deactivation for the provider's own organisation", async () => {
    renderScreen([{ ...info, result: { data: { ...info.result.data, organization: { ...organization, isProvider: true } } } }]);
    expect(await screen.findByText(/provider’s own organization/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deactivate organization' })).toBeNull();
  });
});
