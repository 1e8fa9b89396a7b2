import { ORGANIZATION_REST_FIELDS } from '@yozy/shared';
import type { Client } from '../../datasources/types';
import type { QueryOrganizationArgs, Resolvers } from '../../generated/graphql';
import { sameOrganization } from '../../guards';
import { readRestFields } from '../restFields';

export const organizationResolvers: Resolvers = {
  Query: {
    organization: sameOrganization((args: QueryOrganizationArgs) => args.id)((_parent, { id }, ctx) =>
      ctx.dataSources.organization.getClient(id),
    ),
  },
  Organization: {
    ...readRestFields<Client>()(ORGANIZATION_REST_FIELDS),
    id: (client) => String(client.ClientId),
  },
};
