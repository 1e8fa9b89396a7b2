import { LICENCE_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { LicenceRecord } from '#datasources/types';
import type { LicenceSortField, Resolvers } from '#generated/graphql';
import { organizationScoped, superAdmin, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = LICENCE_REST_FIELDS;

const LICENCE_LIST: ListSpec<Record<never, never>, LicenceSortField> = {
  search: [FIELDS.productName, FIELDS.planName],
  filter: {},
  sort: { VALID_TILL: FIELDS.validTill },
  defaultSort: { field: 'VALID_TILL', direction: 'ASC' },
};

export const licenceResolvers: Resolvers = {
  Query: {
    licences: organizationScoped(async (_parent, args, ctx) => {
      const organizationId = args.organizationId ?? String((await ctx.viewer())!.ClientId);
      return listPage(args, LICENCE_LIST, (params) => {
        params.set(FIELDS.organizationId, `eq.${organizationId}`);
        return ctx.dataSources.licence.listLicences(params);
      });
    }),
  },
  Mutation: {
    addLicence: superAdmin(
      withUserErrors(FIELDS, { licence: null })(async (_parent, { input }, ctx) => ({
        licence: await ctx.dataSources.licence.addLicence(toRestFields(FIELDS, input)),
      })),
    ),
    extendLicence: superAdmin(
      withUserErrors(FIELDS, { licence: null })(async (_parent, { input }, ctx) => ({
        licence: await ctx.dataSources.licence.extendLicence(toRestFields(FIELDS, input)),
      })),
    ),
    changeLicencePlan: superAdmin(
      withUserErrors(FIELDS, { licence: null })(async (_parent, { input }, ctx) => ({
        licence: await ctx.dataSources.licence.changeLicencePlan(toRestFields(FIELDS, input)),
      })),
    ),
    setLicenceActive: superAdmin(
      withUserErrors(FIELDS, { licence: null })(async (_parent, { input }, ctx) => ({
        licence: await ctx.dataSources.licence.setLicenceActive(toRestFields(FIELDS, input)),
      })),
    ),
  },
  Licence: {
    ...readRestFields<LicenceRecord>()({
      productName: FIELDS.productName,
      planName: FIELDS.planName,
      planGroup: FIELDS.planGroup,
      cost: FIELDS.cost,
      currency: FIELDS.currency,
      frequency: FIELDS.frequency,
      capacity: FIELDS.capacity,
      validTill: FIELDS.validTill,
      isActive: FIELDS.isActive,
      seatsUsed: FIELDS.seatsUsed,
      seatsCapacity: FIELDS.seatsCapacity,
    }),
    id: (licence) => String(licence.LicenceId),
    organizationId: (licence) => String(licence.ClientId),
    productId: (licence) => String(licence.ProductId),
    planId: (licence) => String(licence.PlanId),
  },
};
