import { describe, expect, it, vi } from 'vitest';
import type { RegionRecord } from '#datasources/types';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const ROW: RegionRecord = {
  RegionId: 9,
  RegionCode: 'me-south-1',
  RegionName: 'Middle East (Bahrain)',
  IsActive: true,
  OrganizationCount: 0,
};
const REGION = { id: '9', code: 'me-south-1', name: 'Middle East (Bahrain)', active: true, organizationCount: 0 };
const FIELDS = 'region { id code name active organizationCount } errors { code field message }';

const CREATE = `mutation ($input: CreateRegionInput!) { createRegion(input: $input) { ${FIELDS} } }`;
const RENAME = `mutation ($input: RenameRegionInput!) { renameRegion(input: $input) { ${FIELDS} } }`;
const SET_ACTIVE = `mutation ($input: SetRegionActiveInput!) { setRegionActive(input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteRegion(input: { id: $id }) { deletedId errors { code field message } } }';

describe('changing the regions', () => {
  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfA', 'FORBIDDEN'],
  ] as const)('refuses %s with %s before asking the REST service', async (caller, code) => {
    const platform = { createRegion: vi.fn(), updateRegion: vi.fn(), deleteRegion: vi.fn() };
    const context = () => fakeContext({ viewer: CALLERS[caller], sources: { platform } });
    const answers = await Promise.all([
      execute(CREATE, { input: { code: 'x-1', name: 'X' } }, context()),
      execute(RENAME, { input: { id: '9', name: 'X' } }, context()),
      execute(SET_ACTIVE, { input: { id: '9', active: false } }, context()),
      execute(DELETE, { id: '9' }, context()),
    ]);
    expect(answers.map((answer) => answer.errors?.[0]?.extensions)).toEqual([{ code }, { code }, { code }, { code }]);
    for (const method of Object.values(platform)) expect(method).not.toHaveBeenCalled();
  });

  it('adds, renames, retires and deletes a region in REST names', async () => {
    const createRegion = vi.fn(async () => ROW);
    const updateRegion = vi.fn(async () => ROW);
    const deleteRegion = vi.fn(async () => undefined);
    const context = () => fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { createRegion, updateRegion, deleteRegion } } });
    expect((await execute(CREATE, { input: { code: 'me-south-1', name: 'Middle East (Bahrain)' } }, context())).data).toEqual({
      createRegion: { region: REGION, errors: [] },
    });
    expect(createRegion).toHaveBeenCalledWith({ RegionCode: 'me-south-1', RegionName: 'Middle East (Bahrain)' });
    await execute(RENAME, { input: { id: '9', name: 'Bahrain' } }, context());
    await execute(SET_ACTIVE, { input: { id: '9', active: false } }, context());
    expect(updateRegion.mock.calls).toEqual([
      ['9', { RegionName: 'Bahrain' }],
      ['9', { IsActive: false }],
    ]);
    expect((await execute(DELETE, { id: '9' }, context())).data).toEqual({ deleteRegion: { deletedId: '9', errors: [] } });
    expect(deleteRegion).toHaveBeenCalledWith('9');
  });

  it('answers a refusal in the payload, naming the input field', async () => {
    const createRegion = vi.fn(() =>
      Promise.reject(restError(409, { code: 'CONFLICT', message: 'Another region has this code', field: 'RegionCode' })),
    );
    const deleteRegion = vi.fn(() =>
      Promise.reject(restError(409, { code: 'CONFLICT', message: '2 organizations name it; retire it instead', field: 'RegionId' })),
    );
    const context = () => fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { createRegion, deleteRegion } } });
    expect((await execute(CREATE, { input: { code: 'eu-central-1', name: 'Copy' } }, context())).data).toEqual({
      createRegion: { region: null, errors: [{ code: 'CONFLICT', field: 'code', message: 'Another region has this code' }] },
    });
    expect((await execute(DELETE, { id: '3' }, context())).data).toEqual({
      deleteRegion: { deletedId: null, errors: [{ code: 'CONFLICT', field: 'id', message: '2 organizations name it; retire it instead' }] },
    });
  });
});
