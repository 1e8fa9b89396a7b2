import { ADMINISTRATOR_REST_FIELDS, INVITE_ADMINISTRATOR_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { AdministratorRecord } from '#datasources/types';
import type { AdministratorFilter, AdministratorSortField, Resolvers, UserStatus } from '#generated/graphql';
import { namingFields } from '#errors';
import { superAdmin, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { utcInstant } from '#scalars';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = ADMINISTRATOR_REST_FIELDS;

const ADMINISTRATOR_LIST: ListSpec<AdministratorFilter, AdministratorSortField> = {
  search: [FIELDS.firstName, FIELDS.lastName, FIELDS.email],
  filter: { active: [FIELDS.isActive, 'eq'] },
  sort: { NAME: FIELDS.firstName, EMAIL: FIELDS.email },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

/** The provider's administrators in Platform Settings: SuperAdmins only, guarded before any REST call. */
export const administratorResolvers: Resolvers = {
  Query: {
    administrators: superAdmin((_parent, args, ctx) =>
      listPage(args, ADMINISTRATOR_LIST, (params) => ctx.dataSources.platform.listAdministrators(params).catch(namingFields(FIELDS))),
    ),
  },
  Mutation: {
    inviteAdministrator: superAdmin(
      withUserErrors(INVITE_ADMINISTRATOR_REST_FIELDS, { administrator: null })(async (_parent, { input }, ctx) => ({
        administrator: await ctx.dataSources.platform.inviteAdministrator(toRestFields(INVITE_ADMINISTRATOR_REST_FIELDS, input)),
      })),
    ),
    setAdministratorActive: superAdmin(
      withUserErrors(
        { id: FIELDS.id },
        { administrator: null },
      )(async (_parent, { input: { id, active } }, ctx) => ({
        administrator: await ctx.dataSources.platform.setAdministratorActive(id, active),
      })),
    ),
  },
  Administrator: {
    ...readRestFields<AdministratorRecord>()({
      firstName: FIELDS.firstName,
      lastName: FIELDS.lastName,
      email: FIELDS.email,
      phone: FIELDS.phone,
      twoFactorOn: FIELDS.twoFactorOn,
    }),
    id: (row) => String(row.UserId),
    status: (row) => row.Status as UserStatus,
    lastSignInAt: (row) => utcInstant(row.LastSignInAt),
    createdAt: (row) => utcInstant(row.CreatedAt),
  },
};
