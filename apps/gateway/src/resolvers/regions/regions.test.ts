import { describe, expect, it, vi } from 'vitest';
import type { RegionRecord } from '#datasources/types';
import type { RestPage } from '#lists';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const REGIONS = /* GraphQL */ `
  query ($filter: RegionFilter, $search: String) {
    regions(filter: $filter, search: $search) {
      totalCount
      nodes {
        id
        code
        name
        active
        organizationCount
      }
    }
  }
`;

const ROW: RegionRecord = {
  RegionId: 3,
  RegionCode: 'eu-central-1',
  RegionName: 'EU Central (Frankfurt)',
  IsActive: true,
  OrganizationCount: 2,
};
const page = (rows: RegionRecord[]): RestPage<RegionRecord> => ({
  rows,
  contentRange: rows.length ? `0-${rows.length - 1}/${rows.length}` : '*/0',
});

describe('regions', () => {
  it('lists the regions master by name, searched and filtered on the REST service', async () => {
    const listRegions = vi.fn(async (_params: URLSearchParams) => page([ROW]));
    const answer = await execute(
      REGIONS,
      { filter: { active: true }, search: 'frank' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { listRegions } } }),
    );
    expect(answer.data).toEqual({
      regions: {
        totalCount: 1,
        nodes: [{ id: '3', code: 'eu-central-1', name: 'EU Central (Frankfurt)', active: true, organizationCount: 2 }],
      },
    });
    const params = listRegions.mock.calls[0]![0];
    expect(params.get('IsActive')).toBe('eq.true');
    expect(params.get('order')).toBe('RegionName.asc');
    expect(params.get('or')).toContain('RegionName.ilike."*frank*"');
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfA', 'FORBIDDEN'],
  ] as const)('refuses %s with %s without asking the REST service', async (caller, code) => {
    const listRegions = vi.fn(async () => page([ROW]));
    const answer = await execute(REGIONS, {}, fakeContext({ viewer: CALLERS[caller], sources: { platform: { listRegions } } }));
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(listRegions).not.toHaveBeenCalled();
  });
});
