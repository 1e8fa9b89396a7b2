import { LICENCE_REST_FIELDS } from '@yozy/shared';
import type { LicenceRecord } from '../../datasources/types';
import type { LicenceSortField, Resolvers } from '../../generated/graphql';
import { organizationScoped } from '../../guards';
import { listPage, type ListSpec } from '../../lists';
import { readRestFields } from '../restFields';

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
