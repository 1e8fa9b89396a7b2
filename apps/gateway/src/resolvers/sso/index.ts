import { SSO_SETTINGS_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { SsoSettingsRecord } from '#datasources/types';
import type { MutationStartSingleSignOnArgs, Resolvers } from '#generated/graphql';
import { counted, organizationScoped, superAdminInPerson, withUserErrors } from '#guards';
import { utcInstant } from '#scalars';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = SSO_SETTINGS_REST_FIELDS;
/** Verifying names the domain as the mutation does. */
const DOMAIN_FIELDS = { domain: 'Domain' } as const;
/** The sign-in's own errors name the email, as the sign-in form knows it. */
const SIGN_IN_FIELDS = { email: 'Email' } as const;

/** Single sign-on: starting it from the sign-in page, and an organisation's settings. */
export const ssoResolvers: Resolvers = {
  Query: {
    async singleSignOn(_parent, { email }, ctx) {
      const found = await ctx.dataSources.account.lookUpSso(email.trim());
      return { available: found.Sso, required: found.Required, organizationName: null };
    },
    ssoSettings: organizationScoped((_parent, { organizationId }, ctx) => ctx.dataSources.settings.getSsoSettings(organizationId)),
    ssoDiscovery: organizationScoped(
      withUserErrors(FIELDS, { discovery: null })(async (_parent, { organizationId, issuer }, ctx) => {
        const found = await ctx.dataSources.settings.discoverSso(organizationId, issuer);
        return {
          discovery: {
            issuer: found.Issuer,
            authorizationEndpoint: found.AuthorizationEndpoint,
            tokenEndpoint: found.TokenEndpoint,
            userinfoEndpoint: found.UserinfoEndpoint,
            scopesSupported: found.ScopesSupported,
            pkce: found.Pkce,
          },
        };
      }),
    ),
  },
  Mutation: {
    startSingleSignOn: counted(
      'startSingleSignOn',
      (args: MutationStartSingleSignOnArgs) => args.email,
    )(
      withUserErrors(SIGN_IN_FIELDS, { redirectUrl: null })(async (_parent, { email, keepSignedIn }, ctx) => {
        const started = await ctx.dataSources.account.startSso(email.trim(), ctx.singleSignOn.callbackUrl, keepSignedIn);
        ctx.singleSignOn.begin(started.State);
        return { redirectUrl: started.AuthorizationUrl };
      }),
    ),
    updateSsoSettings: organizationScoped(
      withUserErrors(FIELDS, { settings: null })(async (_parent, { organizationId, input }, ctx) => ({
        settings: await ctx.dataSources.settings.updateSsoSettings(organizationId, toRestFields(FIELDS, input)),
      })),
    ),
    verifySsoDomain: organizationScoped(
      withUserErrors(DOMAIN_FIELDS, { settings: null })(async (_parent, { organizationId, domain }, ctx) => ({
        settings: await ctx.dataSources.settings.verifySsoDomain(organizationId, domain),
      })),
    ),
    confirmSsoDomain: superAdminInPerson(
      withUserErrors(DOMAIN_FIELDS, { settings: null })(async (_parent, { organizationId, domain }, ctx) => ({
        settings: await ctx.dataSources.settings.confirmSsoDomain(organizationId, domain),
      })),
    ),
  },
  SsoSettings: {
    ...readRestFields<SsoSettingsRecord>()({
      enabled: FIELDS.enabled,
      issuer: FIELDS.issuer,
      clientId: FIELDS.clientId,
      clientSecretSet: FIELDS.clientSecretSet,
      domains: FIELDS.domains,
      requireSso: FIELDS.requireSso,
      allowJit: FIELDS.allowJit,
      mfaAcrValues: FIELDS.mfaAcrValues,
      domainVerifications: FIELDS.domainVerifications,
    }),
    organizationId: (settings) => String(settings.ClientId),
    updatedAt: (settings) => utcInstant(settings.UpdatedAt),
  },
  SsoDomainVerification: {
    domain: (record) => record.Domain,
    verified: (record) => record.Verified,
    verifiedAt: (record) => utcInstant(record.VerifiedAt),
    verifiedBy: (record) => record.VerifiedBy,
    recordName: (record) => record.RecordName,
    recordValue: (record) => record.RecordValue,
  },
};
