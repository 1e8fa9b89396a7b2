import { describe, expect, it, vi } from 'vitest';
import type { RoleRecord } from '#datasources/types';
import type { RestPage } from '#lists';
import { CALLERS, execute, fakeContext } from '#testing/fakes';
import { restError } from '#errors';

const ROLES = /* GraphQL */ `
  query ($filter: RoleFilter, $search: String) {
    roles(filter: $filter, search: $search) {
      totalCount
      nodes {
        id
        productId
        productName
        name
        description
        active
        userCount
      }
    }
  }
`;

const DELETE = /* GraphQL */ `
  mutation ($id: ID!) {
    deleteRole(input: { id: $id }) {
      deletedId
      errors {
        code
        field
        message
      }
    }
  }
`;

const ROW: RoleRecord = {
  RoleId: 4,
  ProductId: 2,
  ProductName: 'Yozy Web',
  RoleName: 'Manager',
  Description: null,
  IsActive: true,
  UserCount: 3,
};
const page = (rows: RoleRecord[]): RestPage<RoleRecord> => ({
  rows,
  contentRange: rows.length ? `0-${rows.length - 1}/${rows.length}` : '*/0',
});

describe('roles', () => {
  it('lists the role master by name, searched and filtered by product on the REST service', async () => {
    const listRoles = vi.fn(async (_params: URLSearchParams) => page([ROW]));
    const answer = await execute(
      ROLES,
      { filter: { active: true, productId: '2' }, search: 'mana' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { listRoles } } }),
    );
    expect(answer.data).toEqual({
      roles: {
        totalCount: 1,
        nodes: [{ id: '4', productId: '2', productName: 'Yozy Web', name: 'Manager', description: null, active: true, userCount: 3 }],
      },
    });
    const params = listRoles.mock.calls[0]![0];
    expect(params.get('IsActive')).toBe('eq.true');
    expect(params.get('ProductId')).toBe('eq.2');
    expect(params.get('order')).toBe('RoleName.asc');
    expect(params.get('or')).toContain('RoleName.ilike."*mana*"');
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfA', 'FORBIDDEN'],
  ] as const)('refuses %s with %s without asking the REST service', async (caller, code) => {
    const listRoles = vi.fn(async () => page([ROW]));
    const deleteRole = vi.fn(async () => undefined);
    const context = fakeContext({ viewer: CALLERS[caller], sources: { platform: { listRoles, deleteRole } } });
    expect((await execute(ROLES, {}, context)).errors?.[0]?.extensions).toEqual({ code });
    expect((await execute(DELETE, { id: '4' }, context)).errors?.[0]?.extensions).toEqual({ code });
    expect(listRoles).not.toHaveBeenCalled();
    expect(deleteRole).not.toHaveBeenCalled();
  });

  it('answers a refused deletion in the payload, naming the field', async () => {
    const deleteRole = vi.fn(() =>
      Promise.reject(restError(409, { code: 'CONFLICT', message: '3 people hold the role Manager; retire it instead', field: 'RoleId' })),
    );
    const answer = await execute(DELETE, { id: '4' }, fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { deleteRole } } }));
    expect(answer.data).toEqual({
      deleteRole: {
        deletedId: null,
        errors: [{ code: 'CONFLICT', field: 'id', message: '3 people hold the role Manager; retire it instead' }],
      },
    });
  });
});
