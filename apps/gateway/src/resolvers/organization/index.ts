import { ORGANIZATION_REST_FIELDS } from '@yozy/shared';
import type { Client } from '../../datasources/types';
import type { OrganizationFilter, OrganizationSortField, QueryOrganizationArgs, Resolvers } from '../../generated/graphql';
import { sameOrganization, superAdmin } from '../../guards';
import { listPage, type ListSpec } from '../../lists';
import { readRestFields } from '../restFields';

const FIELDS = ORGANIZATION_REST_FIELDS;

const ORGANIZATION_LIST: ListSpec<OrganizationFilter, OrganizationSortField> = {
  search: [FIELDS.companyName, FIELDS.contactName],
  filter: {
    clientType: [FIELDS.clientType, 'eq'],
    businessVertical: [FIELDS.businessVertical, 'eq'],
    onboardedFrom: [FIELDS.dateOnboarded, 'gte'],
    onboardedTo: [FIELDS.dateOnboarded, 'lte'],
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

export const organizationResolvers: Resolvers = {
  Query: {
    organization: sameOrganization((args: QueryOrganizationArgs) => args.id)((_parent, { id }, ctx) =>
      ctx.dataSources.organization.getClient(id),
    ),
    organizations: superAdmin((_parent, args, ctx) =>
      listPage(args, ORGANIZATION_LIST, (params) => ctx.dataSources.organization.listClients(params)),
    ),
  },
  Organization: {
    ...readRestFields<Client>()(ORGANIZATION_REST_FIELDS),
    id: (client) => String(client.ClientId),
  },
};
