import { ORGANIZATION_SETTINGS_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { Resolvers } from '#generated/graphql';
import { organizationScoped, withUserErrors } from '#guards';
import { utcInstant } from '#scalars';

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
    requiresApproval: (settings) => settings.RequiresApproval,
    twoFactorRequired: (settings) => settings.TwoFactorRequired,
    sessionIdleMinutes: (settings) => settings.SessionIdleMinutes,
    allowedEmailDomains: (settings) => settings.AllowedEmailDomains,
    updatedAt: (settings) => utcInstant(settings.UpdatedAt),
  },
};
