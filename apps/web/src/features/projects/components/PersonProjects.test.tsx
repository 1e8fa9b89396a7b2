// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AllocationListDocument } from '@/generated/graphql';
import { createCache } from '@/lib/apollo';
import { renderInConsole } from '@/testing/render';
import { PersonProjects } from './PersonProjects';

const allocation = (id: string, projectId: string, shortCode: string, percentage: number) => ({
  __typename: 'Allocation' as const,
  id,
  projectId,
  projectShortCode: shortCode,
  projectName: `${shortCode} project`,
  projectClosed: false,
  userId: '7',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@acme.local',
  percentage,
  role: 'Developer',
  isCurrent: true,
  endDate: null,
  personTotalPercentage: 110,
});

function answer(organizationId: string | undefined, nodes: ReturnType<typeof allocation>[]): MockLink.MockedResponse {
  return {
    request: {
      query: AllocationListDocument,
      variables: { organizationId, filter: { userIds: ['7'], isCurrent: true }, page: { offset: 0, limit: 100 } },
    },
    result: {
      data: {
        allocations: {
          __typename: 'AllocationPage',
          totalCount: nodes.length,
          pageInfo: { __typename: 'PageInfo', offset: 0, limit: 100, hasNextPage: false, hasPreviousPage: false },
          nodes,
        },
      },
    },
  };
}

function renderAt(path: string, route: string, mocks: MockLink.MockedResponse[]) {
  return renderInConsole(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <Routes>
        <Route path={route} element={<PersonProjects userId="7" />} />
      </Routes>
    </MockedProvider>,
    { path },
  );
}

describe('PersonProjects', { timeout: 20_000 }, () => {
  it('lists the current allocations by short code with links under the provider’s organisation, and warns above 100 %', async () => {
    const mocks = [answer('42', [allocation('2', '9', 'ACM-WEB', 60), allocation('1', '8', 'ACM-MOB', 50)])];
    renderAt('/OrganizationDetails/Organization/42/user/7', '/OrganizationDetails/Organization/:clientId/user/:userId', mocks);

    const links = await screen.findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['ACM-MOB: ACM-MOB project', '/OrganizationDetails/Organization/42/group/projects/8'],
      ['ACM-WEB: ACM-WEB project', '/OrganizationDetails/Organization/42/group/projects/9'],
    ]);
    expect(screen.getByTestId('person-projects-total').textContent).toBe('Total over current projects: 110 % Over 100 %');
  });

  it('says so when the person has no current allocation, in the admin’s own organisation', async () => {
    renderAt('/UserManagement/7', '/UserManagement/:userId', [answer(undefined, [])]);
    expect(await screen.findByText('No current project allocations.')).toBeTruthy();
    expect(screen.getByTestId('person-projects-total').textContent).toBe('Total over current projects: 0 %');
    expect(screen.queryByText('Over 100 %')).toBeNull();
  });
});
