import { LICENCE_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { LicenceRecord } from '../../datasources/types';
import type { LicenceSortField, Resolvers } from '../../generated/graphql';
import { userErrorsOf } from '../../errors';
import { organizationScoped, superAdmin } from '../../guards';
import { listPage, type ListSpec } from '../../lists';
import { readRestFields } from '../restFields';

const FIELDS = LICENCE_REST_FIELDS;

const LICENCE_LIST: ListSpec<Record<never, never>, LicenceSortField> = {
  search: [FIELDS.productName, FIELDS.planName],
  filter: {},
  sort: { VALID_TILL: FIELDS.validTill },
  defaultSort: { field: 'VALID_TILL', direction: 'ASC' },
};

/** A licence action's answer: the licence as changed, or the refusal naming the input's field. */
async function licenceChange(work: () => Promise<LicenceRecord>) {
  try {
    return { licence: await work(), errors: [] };
  } catch (error) {
    return { licence: null, errors: userErrorsOf(error, FIELDS) };
  }
}

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
    addLicence: superAdmin((_parent, { input }, ctx) =>
      licenceChange(() => ctx.dataSources.licence.addLicence(toRestFields(FIELDS, input))),
    ),
    extendLicence: superAdmin((_parent, { input }, ctx) =>
      licenceChange(() => ctx.dataSources.licence.extendLicence(toRestFields(FIELDS, input))),
    ),
    changeLicencePlan: superAdmin((_parent, { input }, ctx) =>
      licenceChange(() => ctx.dataSources.licence.changeLicencePlan(toRestFields(FIELDS, input))),
    ),
    setLicenceActive: superAdmin((_parent, { input }, ctx) =>
      licenceChange(() => ctx.dataSources.licence.setLicenceActive(toRestFields(FIELDS, input))),
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
