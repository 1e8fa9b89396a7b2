import type { EnquiryKind, Resolvers } from '#generated/graphql';
import { organizationAdmin, withUserErrors } from '#guards';

/** The mutation names the licence by `licenceId`, the REST service by `LicenceId`. */
const RENEWAL_REST_FIELDS = { licenceId: 'LicenceId' } as const;

/** An organisation admin's request to renew a licence, and how the provider's enquiries show it. */
export const licenceRenewalResolvers: Resolvers = {
  Mutation: {
    requestLicenceRenewal: organizationAdmin(
      withUserErrors(RENEWAL_REST_FIELDS, { licence: null })(async (_parent, { input }, ctx) => {
        await ctx.dataSources.licence.requestRenewal({ LicenceId: input.licenceId });
        return { licence: await ctx.dataSources.licence.getLicence(input.licenceId) };
      }),
    ),
  },
  Licence: {
    renewalRequestedAt: (licence) => licence.RenewalRequestedAt,
  },
  Enquiry: {
    kind: (row) => row.Kind as EnquiryKind,
    renewalLicenceId: (row) => (row.LicenceId === null ? null : String(row.LicenceId)),
    renewalLicenceValidTill: (row) => row.LicenceValidTill,
  },
};
