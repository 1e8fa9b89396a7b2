import { describe, expect, it, vi } from 'vitest';
import type { OrganizationChoiceRecord } from '#datasources/types';
import type { RestPage } from '#lists';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const CHOICES = /* GraphQL */ `
  query ($search: String) {
    organizationChoices(list: CLIENT_TYPE, search: $search) {
      totalCount
      nodes {
        id
        list
        name
        active
        organizationCount
      }
    }
  }
`;

const ROW: OrganizationChoiceRecord = {
  ChoiceId: 7,
  ChoiceList: 'ClientType',
  ChoiceName: 'Startup',
  IsActive: true,
  OrganizationCount: 9,
};
const page = (rows: OrganizationChoiceRecord[]): RestPage<OrganizationChoiceRecord> => ({
  rows,
  contentRange: rows.length ? `0-${rows.length - 1}/${rows.length}` : '*/0',
});

describe('organizationChoices', () => {
  it('lists one list’s entries by name, naming the list to the REST service', async () => {
    const listOrganizationChoices = vi.fn(async (_list: string, _params: URLSearchParams) => page([ROW]));
    const answer = await execute(
      CHOICES,
      { search: 'start' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { listOrganizationChoices } } }),
    );
    expect(answer.data).toEqual({
      organizationChoices: {
        totalCount: 1,
        nodes: [{ id: '7', list: 'CLIENT_TYPE', name: 'Startup', active: true, organizationCount: 9 }],
      },
    });
    const [list, params] = listOrganizationChoices.mock.calls[0]!;
    expect(list).toBe('ClientType');
    expect(params.get('order')).toBe('ChoiceName.asc');
  });

  it.each([
    ['an organisation admin', { viewer: CALLERS.orgAdminOfA }],
    ['an API key', { viewer: CALLERS.superAdmin, usesApiKey: true }],
  ])('refuses %s without calling the REST service', async (_who, caller) => {
    const listOrganizationChoices = vi.fn();
    const answer = await execute(CHOICES, {}, fakeContext({ ...caller, sources: { platform: { listOrganizationChoices } } }));
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(listOrganizationChoices).not.toHaveBeenCalled();
  });

  it('offers the active entries of each list to anyone', async () => {
    const listOfferedOrganizationChoices = vi.fn(async () => [
      { ChoiceList: 'BusinessVertical', ChoiceName: 'Agritech' },
      { ChoiceList: 'ClientType', ChoiceName: 'SMB' },
    ]);
    const answer = await execute(
      '{ offeredOrganizationChoices { businessVerticals clientTypes } }',
      {},
      fakeContext({ viewer: null, sources: { catalogue: { listOfferedOrganizationChoices } } }),
    );
    expect(answer.data).toEqual({ offeredOrganizationChoices: { businessVerticals: ['Agritech'], clientTypes: ['SMB'] } });
  });
});
