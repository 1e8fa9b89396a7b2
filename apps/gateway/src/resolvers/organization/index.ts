import { LICENCE_EXPIRY_WARNING_DAYS, ORGANIZATION_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { Client } from '#datasources/types';
import type { OrganizationFilter, OrganizationSortField, QueryOrganizationArgs, Resolvers } from '#generated/graphql';
import { sameOrganization, superAdmin, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = ORGANIZATION_REST_FIELDS;

/** The filter as the REST service takes it: "expiring soon" becomes the last day that counts. */
type RestOrganizationFilter = Omit<OrganizationFilter, 'licenceExpiringSoon'> & { licenceExpiresBy?: string | null };

const ORGANIZATION_LIST: ListSpec<RestOrganizationFilter, OrganizationSortField> = {
  search: [FIELDS.companyName, FIELDS.contactName],
  filter: {
    clientType: [FIELDS.clientType, 'eq'],
    businessVertical: [FIELDS.businessVertical, 'eq'],
    countryCode: [FIELDS.countryCode, 'eq'],
    currencyCode: [FIELDS.currencyCode, 'eq'],
    onboardedFrom: [FIELDS.dateOnboarded, 'gte'],
    onboardedTo: [FIELDS.dateOnboarded, 'lte'],
    active: [FIELDS.isActive, 'eq'],
    licenceExpiresBy: [FIELDS.licenceExpiresOn, 'lte'],
  },
  sort: {
    COMPANY_NAME: FIELDS.companyName,
    CONTACT_NAME: FIELDS.contactName,
    DATE_ONBOARDED: FIELDS.dateOnboarded,
    CLIENT_TYPE: FIELDS.clientType,
    BUSINESS_VERTICAL: FIELDS.businessVertical,
  },
  defaultSort: { field: 'COMPANY_NAME', direction: 'ASC' },
};

/** The calendar day `days` from today (UTC), as YYYY-MM-DD. */
function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export const organizationResolvers: Resolvers = {
  Query: {
    organization: sameOrganization((args: QueryOrganizationArgs) => args.id)((_parent, { id }, ctx) =>
      ctx.dataSources.organization.getClient(id),
    ),
    organizations: superAdmin((_parent, { filter, ...args }, ctx) => {
      const { licenceExpiringSoon, ...rest } = filter ?? {};
      const restFilter: RestOrganizationFilter = {
        ...rest,
        licenceExpiresBy: licenceExpiringSoon ? daysFromToday(LICENCE_EXPIRY_WARNING_DAYS) : null,
      };
      return listPage({ ...args, filter: restFilter }, ORGANIZATION_LIST, (params) => ctx.dataSources.organization.listClients(params));
    }),
  },
  Mutation: {
    updateOrganization: superAdmin(
      withUserErrors(FIELDS, { organization: null })(async (_parent, { input: { id, ...details } }, ctx) => ({
        organization: await ctx.dataSources.organization.updateClient(id, toRestFields(FIELDS, details)),
      })),
    ),
    setOrganizationActive: superAdmin(
      withUserErrors(FIELDS, { organization: null })(async (_parent, { input: { id, active } }, ctx) => ({
        organization: await ctx.dataSources.organization.updateClient(id, { [FIELDS.isActive]: active }),
      })),
    ),
  },
  Organization: {
    ...readRestFields<Client>()(ORGANIZATION_REST_FIELDS),
    id: (client) => String(client.ClientId),
  },
};
