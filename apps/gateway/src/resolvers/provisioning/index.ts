import type { OrganizationDomainRecord, ProvisioningSettingsRecord } from '#datasources/types';
import type { Resolvers } from '#generated/graphql';
import { gatewayError, UserErrors } from '#errors';
import { organizationScoped, superAdminInPerson, withUserErrors } from '#guards';
import { utcInstant } from '#scalars';
import { SCIM_PATH } from '#scim';

/** The provisioning input's fields as the REST service names them. */
const PROVISIONING_FIELDS = { enabled: 'Enabled', roleId: 'RoleId' } as const;
const TOKEN_FIELDS = { name: 'Name', tokenId: 'TokenId' } as const;
const DOMAIN_FIELDS = { domain: 'Domain' } as const;

const DEFAULT_TOKEN_NAME = 'SCIM token';

/** A role id as the REST service takes it: a whole number, or a refusal that names the field. */
function roleIdOf(roleId: string | null | undefined): number | null {
  if (roleId == null || roleId === '') return null;
  if (!/^\d{1,10}$/.test(roleId)) {
    throw new UserErrors([{ code: 'BAD_USER_INPUT', field: 'roleId', message: 'Choose the role new people get' }]);
  }
  return Number(roleId);
}

/**
 * SCIM provisioning in an organisation's single sign-on settings (on or off with the role new
 * people get, and its tokens), and the organisation's own email domains.
 */
export const provisioningResolvers: Resolvers = {
  Query: {
    provisioning: organizationScoped((_parent, { organizationId }, ctx) => ctx.dataSources.settings.getProvisioning(organizationId)),
    organizationDomains: organizationScoped(
      async (_parent, { organizationId }, ctx) => (await ctx.dataSources.settings.getDomains(organizationId)).Domains,
    ),
  },
  Mutation: {
    updateProvisioningSettings: organizationScoped(
      withUserErrors(PROVISIONING_FIELDS, { settings: null })(async (_parent, { organizationId, input }, ctx) => ({
        settings: await ctx.dataSources.settings.updateProvisioning(organizationId, {
          Enabled: input.enabled,
          RoleId: roleIdOf(input.roleId),
        }),
      })),
    ),
    // A token acts for the organisation's identity provider: only a person signed in issues one, never a tool's key.
    createProvisioningToken: organizationScoped(async (parent, args, ctx, info) => {
      if (ctx.usesApiKey)
        throw gatewayError('FORBIDDEN', 'An API key cannot issue provisioning tokens: an admin signed in as themselves does');
      return withUserErrors(TOKEN_FIELDS, { token: null, baseUrl: null, provisioningToken: null })(async () => {
        const created = await ctx.dataSources.settings.createProvisioningToken(
          args.organizationId,
          args.name?.trim() || DEFAULT_TOKEN_NAME,
        );
        const { Token, ...listed } = created;
        return { token: Token, baseUrl: scimBaseUrl(ctx.publicUrl), provisioningToken: listed };
      })(parent, args, ctx, info);
    }),
    revokeProvisioningToken: organizationScoped(
      withUserErrors(TOKEN_FIELDS, { settings: null })(async (_parent, { organizationId, tokenId }, ctx) => ({
        settings: await ctx.dataSources.settings.revokeProvisioningToken(organizationId, tokenId),
      })),
    ),
    addOrganizationDomain: organizationScoped(
      withUserErrors(DOMAIN_FIELDS, { domains: null })(async (_parent, { organizationId, domain }, ctx) => ({
        domains: (await ctx.dataSources.settings.addDomain(organizationId, domain.trim().toLowerCase())).Domains,
      })),
    ),
    removeOrganizationDomain: organizationScoped(
      withUserErrors(DOMAIN_FIELDS, { domains: null })(async (_parent, { organizationId, domain }, ctx) => ({
        domains: (await ctx.dataSources.settings.removeDomain(organizationId, domain.trim().toLowerCase())).Domains,
      })),
    ),
    verifyOrganizationDomain: organizationScoped(
      withUserErrors(DOMAIN_FIELDS, { domains: null })(async (_parent, { organizationId, domain }, ctx) => ({
        domains: (await ctx.dataSources.settings.verifyDomain(organizationId, domain.trim().toLowerCase())).Domains,
      })),
    ),
    confirmOrganizationDomain: superAdminInPerson(
      withUserErrors(DOMAIN_FIELDS, { domains: null })(async (_parent, { organizationId, domain }, ctx) => ({
        domains: (await ctx.dataSources.settings.confirmDomain(organizationId, domain.trim().toLowerCase())).Domains,
      })),
    ),
  },
  ProvisioningSettings: {
    organizationId: (settings: ProvisioningSettingsRecord) => String(settings.ClientId),
    enabled: (settings) => settings.Enabled,
    role: (settings) =>
      settings.RoleId === null
        ? null
        : {
            id: String(settings.RoleId),
            name: settings.RoleName ?? '',
            productId: String(settings.ProductId),
            productName: settings.ProductName ?? '',
          },
    baseUrl: (_settings, _args, ctx) => scimBaseUrl(ctx.publicUrl),
    tokens: (settings) => settings.Tokens,
    updatedAt: (settings) => utcInstant(settings.UpdatedAt),
  },
  ProvisioningToken: {
    id: (token) => String(token.TokenId),
    name: (token) => token.Name,
    createdAt: (token) => utcInstant(token.CreatedAt)!,
    createdByName: (token) => token.CreatedByName,
    lastUsedAt: (token) => utcInstant(token.LastUsedAt),
  },
  OrganizationDomain: {
    domain: (record: OrganizationDomainRecord) => record.Domain,
    verified: (record) => record.Verified,
    verifiedAt: (record) => utcInstant(record.VerifiedAt),
    verifiedBy: (record) => record.VerifiedBy,
    recordName: (record) => record.RecordName,
    recordValue: (record) => record.RecordValue,
    checkedAt: (record) => utcInstant(record.CheckedAt),
    lapsedAt: (record) => utcInstant(record.LapsedAt),
    lapsedReason: (record) => record.LapsedReason,
  },
};

/** Where the identity provider sends SCIM requests: the console's own address. */
export const scimBaseUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${SCIM_PATH}`;
