import type { QueryOrganizationArgs, Resolvers } from '../../generated/graphql';
import { sameOrganization } from '../../guards';

export const organizationResolvers: Resolvers = {
  Query: {
    organization: sameOrganization((args: QueryOrganizationArgs) => args.id)((_parent, { id }, ctx) =>
      ctx.dataSources.organization.getClient(id),
    ),
  },
  Organization: {
    id: (c) => String(c.ClientId),
    companyName: (c) => c.ClientCompanyName,
    dateOnboarded: (c) => c.DateOnboarded,
    addressLine1: (c) => c.AddressLine1,
    addressLine2: (c) => c.AddressLine2,
    city: (c) => c.City,
    state: (c) => c.State,
    country: (c) => c.Country,
    countryCode: (c) => c.CountryCode,
    pincode: (c) => c.Pincode,
    contactName: (c) => c.ClientContactName,
    designation: (c) => c.ClientDesignation,
    currencyCode: (c) => c.CurrencyCode,
    clientType: (c) => c.ClientType,
    natureOfBusiness: (c) => c.NatureOfBusiness,
    businessVertical: (c) => c.BusinessVertical,
    revenueUsd: (c) => c.ClientRevenueInUSD,
  },
};
