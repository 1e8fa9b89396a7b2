// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { OrganizationNameDocument } from '@/generated/graphql';
import { createCache } from '@/lib/apollo';
import { renderInConsole } from '@/testing/render';
import { ORGANIZATION_TAB_SLUGS, organizationDetailPath, organizationRoute } from '@/features/organizations/urls';
import OrganizationDetailView from './OrganizationDetailView';

function Location() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

const acme = (id = '42') => ({
  request: { query: OrganizationNameDocument, variables: { id } },
  result: { data: { organization: { __typename: 'Organization', id, companyName: 'Acme Corporation' } } },
});

function renderAt(path: string, mocks: MockLink.MockedResponse[]) {
  return renderInConsole(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <>
        <Routes>
          <Route path={organizationRoute} element={<OrganizationDetailView />}>
            {ORGANIZATION_TAB_SLUGS.map((slug) => (
              <Route key={slug} path={slug} element={<p>The {slug} section</p>} />
            ))}
            <Route path="*" />
          </Route>
        </Routes>
        <Location />
      </>
    </MockedProvider>,
    { path },
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('OrganizationDetailView', { timeout: 20_000 }, () => {
  it("shows the organisation's name above its tabs, with the tab of the address open", async () => {
    renderAt(`${organizationDetailPath}/42/user`, [acme()]);
    expect(screen.getByRole('status').textContent).toContain('Loading the organization');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Corporation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Organization List' }).getAttribute('href')).toBe('/OrganizationDetails');

    const selected = screen.getByRole('tab', { selected: true });
    expect(selected.textContent).toBe('User Details');
    expect(screen.getAllByRole('tab')).toHaveLength(9);
    expect(screen.getByRole('tab', { name: 'Email settings' }).getAttribute('href')).toBe(
      '/OrganizationDetails/Organization/42/emailsettings',
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('The user section');
  });

  it('opens the first tab when the address names only the organisation, or an unknown tab', async () => {
    renderAt(`${organizationDetailPath}/42`, [acme()]);
    await waitFor(() => expect(location()).toBe('/OrganizationDetails/Organization/42/info'));
    expect((await screen.findByRole('tab', { selected: true })).textContent).toBe('Organization Information');
  });

  it('opens the first tab for the organisation without a tab', async () => {
    renderAt(`${organizationDetailPath}/42`, [acme()]);
    await waitFor(() => expect(location()).toBe('/OrganizationDetails/Organization/42/info'));
  });

  it('says there is no such tab before sending the person on to the first', async () => {
    renderAt(`${organizationDetailPath}/42/billing`, [acme()]);
    expect(await screen.findByRole('heading', { level: 2, name: 'There is no such page' })).toBeTruthy();
    expect(screen.getByTestId('no-such-page-address').textContent).toBe('/OrganizationDetails/Organization/42/billing');
    expect(screen.getByRole('link', { name: 'Go to Organization Information now' }).getAttribute('href')).toBe(
      '/OrganizationDetails/Organization/42/info',
    );
    expect(location()).toBe('/OrganizationDetails/Organization/42/billing');
  });

  it("sends the specification's addresses without an id to the list", async () => {
    renderAt(`${organizationDetailPath}/emailsettings`, []);
    await waitFor(() => expect(location()).toBe('/OrganizationDetails'));
  });

  it('says an address without a valid id names no organisation, without asking the server', () => {
    // No answers are prepared: a request would end in an error, not in this notice.
    renderAt(`${organizationDetailPath}/info/info`, []);
    expect(screen.getByRole('heading', { level: 1, name: 'Organization not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the organization list' }).getAttribute('href')).toBe('/OrganizationDetails');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('says so when there is no organisation with the id', async () => {
    renderAt(`${organizationDetailPath}/999/info`, [
      { request: { query: OrganizationNameDocument, variables: { id: '999' } }, result: { data: { organization: null } } },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Organization not found' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('says so when the viewer may not see the organisation', async () => {
    renderAt(`${organizationDetailPath}/7/info`, [
      {
        request: { query: OrganizationNameDocument, variables: { id: '7' } },
        result: { errors: [new GraphQLError('You may not see this organisation', { extensions: { code: 'FORBIDDEN' } })] },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'You cannot open this organization' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('explains a failure to load and tries again on request', async () => {
    const user = userEvent.setup();
    renderAt(`${organizationDetailPath}/42/info`, [
      { request: { query: OrganizationNameDocument, variables: { id: '42' } }, error: new TypeError('Failed to fetch') },
      acme(),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This organization could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Corporation' })).toBeTruthy();
  });
});
