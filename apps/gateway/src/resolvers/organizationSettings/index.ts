import { ORGANIZATION_SETTINGS_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { Resolvers } from '#generated/graphql';
import { organizationScoped, withUserErrors } from '#guards';
import { utcInstant } from '#scalars';
import { readRestFields } from '#resolvers/restFields';
import type { OrganizationSettingsRecord } from '#datasources/types';

const FIELDS = ORGANIZATION_SETTINGS_REST_FIELDS;

export const organizationSettingsResolvers: Resolvers = {
  Query: {
    organizationSettings: organizationScoped((_parent, { organizationId }, ctx) => ctx.dataSources.settings.getSettings(organizationId)),
  },
  Mutation: {
    updateOrganizationSettings: organizationScoped(
      withUserErrors(FIELDS, { settings: null })(async (_parent, { organizationId, input }, ctx) => ({
        settings: await ctx.dataSources.settings.updateSettings(organizationId, toRestFields(FIELDS, input)),
      })),
    ),
  },
  OrganizationSettings: {
    organizationId: (settings) => String(settings.ClientId),
    ...readRestFields<OrganizationSettingsRecord>()({
      requiresApproval: 'RequiresApproval',
      twoFactorRequired: 'TwoFactorRequired',
      sessionIdleMinutes: 'SessionIdleMinutes',
      allowedEmailDomains: 'AllowedEmailDomains',
    }),
    updatedAt: (settings) => utcInstant(settings.UpdatedAt),
  },
};
