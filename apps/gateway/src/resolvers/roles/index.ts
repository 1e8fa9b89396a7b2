import { ROLE_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { RoleRecord } from '#datasources/types';
import type { Resolvers, RoleFilter, RoleSortField } from '#generated/graphql';
import { namingFields } from '#errors';
import { superAdmin, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = ROLE_REST_FIELDS;

const ROLE_LIST: ListSpec<RoleFilter, RoleSortField> = {
  search: [FIELDS.name, FIELDS.description, FIELDS.productName],
  filter: { active: [FIELDS.active, 'eq'], productId: [FIELDS.productId, 'eq'] },
  sort: { NAME: FIELDS.name },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

/** The role master of Platform Settings: SuperAdmins only, guarded before any REST call. */
export const roleResolvers: Resolvers = {
  Query: {
    roles: superAdmin((_parent, args, ctx) =>
      listPage(args, ROLE_LIST, (params) => ctx.dataSources.platform.listRoles(params).catch(namingFields(FIELDS))),
    ),
  },
  Mutation: {
    createRole: superAdmin(
      withUserErrors(FIELDS, { role: null })(async (_parent, { input }, ctx) => ({
        role: await ctx.dataSources.platform.createRole(toRestFields(FIELDS, input)),
      })),
    ),
    updateRole: superAdmin(
      withUserErrors(FIELDS, { role: null })(async (_parent, { input: { id, name, description } }, ctx) => ({
        role: await ctx.dataSources.platform.updateRole(id, { [FIELDS.name]: name, [FIELDS.description]: description ?? null }),
      })),
    ),
    setRoleActive: superAdmin(
      withUserErrors(FIELDS, { role: null })(async (_parent, { input: { id, active } }, ctx) => ({
        role: await ctx.dataSources.platform.updateRole(id, { [FIELDS.active]: active }),
      })),
    ),
    deleteRole: superAdmin(
      withUserErrors(FIELDS, { deletedId: null })(async (_parent, { input: { id } }, ctx) => {
        await ctx.dataSources.platform.deleteRole(id);
        return { deletedId: id };
      }),
    ),
  },
  Role: {
    ...readRestFields<RoleRecord>()(FIELDS),
    id: (role) => String(role.RoleId),
    productId: (role) => String(role.ProductId),
  },
};
