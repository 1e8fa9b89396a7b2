import type { Resolvers } from '../../generated/graphql';
import { gatewayError, unauthenticated } from '../../errors';

export const organizationResolvers: Resolvers = {
  Query: {
    async organization(_parent, { id }, ctx) {
      if (!(await ctx.viewer())) throw unauthenticated();
      if (!/^\d{1,9}$/.test(id)) throw gatewayError('BAD_USER_INPUT', 'Organisation id must be a whole number', 'id');
      return ctx.dataSources.organization.getClient(Number(id));
    },
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
