import { ROLE_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { RoleRecord } from '../../datasources/types';
import type { Resolvers, RoleFilter, RoleSortField } from '../../generated/graphql';
import { namingFields, userErrorsOf } from '../../errors';
import { superAdmin } from '../../guards';
import { listPage, type ListSpec } from '../../lists';
import { readRestFields } from '../restFields';

const FIELDS = ROLE_REST_FIELDS;

const ROLE_LIST: ListSpec<RoleFilter, RoleSortField> = {
  search: [FIELDS.name, FIELDS.description, FIELDS.productName],
  filter: { active: [FIELDS.active, 'eq'], productId: [FIELDS.productId, 'eq'] },
  sort: { NAME: FIELDS.name },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

/** A refused change as the payload's errors, naming the input's fields; anything else is thrown. */
const refused = (error: unknown) => ({ role: null, errors: userErrorsOf(error, FIELDS) });

/** The role master of Platform Settings: SuperAdmins only, guarded before any REST call. */
export const roleResolvers: Resolvers = {
  Query: {
    roles: superAdmin((_parent, args, ctx) =>
      listPage(args, ROLE_LIST, (params) => ctx.dataSources.platform.listRoles(params).catch(namingFields(FIELDS))),
    ),
  },
  Mutation: {
    createRole: superAdmin(async (_parent, { input }, ctx) => {
      try {
        return { role: await ctx.dataSources.platform.createRole(toRestFields(FIELDS, input)), errors: [] };
      } catch (error) {
        return refused(error);
      }
    }),
    updateRole: superAdmin(async (_parent, { input: { id, name, description } }, ctx) => {
      try {
        const changes = { [FIELDS.name]: name, [FIELDS.description]: description ?? null };
        return { role: await ctx.dataSources.platform.updateRole(id, changes), errors: [] };
      } catch (error) {
        return refused(error);
      }
    }),
    setRoleActive: superAdmin(async (_parent, { input: { id, active } }, ctx) => {
      try {
        return { role: await ctx.dataSources.platform.updateRole(id, { [FIELDS.active]: active }), errors: [] };
      } catch (error) {
        return refused(error);
      }
    }),
    deleteRole: superAdmin(async (_parent, { input: { id } }, ctx) => {
      try {
        await ctx.dataSources.platform.deleteRole(id);
        return { deletedId: id, errors: [] };
      } catch (error) {
        return { deletedId: null, errors: userErrorsOf(error, FIELDS) };
      }
    }),
  },
  Role: {
    ...readRestFields<RoleRecord>()(FIELDS),
    id: (role) => String(role.RoleId),
    productId: (role) => String(role.ProductId),
  },
};
