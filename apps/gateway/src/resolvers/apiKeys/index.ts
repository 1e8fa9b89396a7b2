import { API_KEY_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { ApiKeyRecord } from '#datasources/types';
import type { ApiKeyAccess, ApiKeyFilter, ApiKeySortField, Resolvers } from '#generated/graphql';
import { namingFields } from '#errors';
import { superAdminInPerson, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { utcInstant } from '#scalars';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = API_KEY_REST_FIELDS;

const API_KEY_LIST: ListSpec<ApiKeyFilter, ApiKeySortField> = {
  search: [FIELDS.name],
  filter: { active: [FIELDS.isActive, 'eq'] },
  sort: { NAME: FIELDS.name, CREATED_AT: FIELDS.createdAt },
  defaultSort: { field: 'CREATED_AT', direction: 'DESC' },
};

/** API keys in Platform Settings: SuperAdmins signed in as themselves, guarded before any REST call. */
export const apiKeyResolvers: Resolvers = {
  Query: {
    apiKeys: superAdminInPerson((_parent, args, ctx) =>
      listPage(args, API_KEY_LIST, (params) => ctx.dataSources.platform.listApiKeys(params).catch(namingFields(FIELDS))),
    ),
  },
  Mutation: {
    createApiKey: superAdminInPerson(
      withUserErrors(FIELDS, { apiKey: null, secret: null })(async (_parent, { input }, ctx) => {
        const { Secret, ...apiKey } = await ctx.dataSources.platform.createApiKey(toRestFields(FIELDS, input));
        return { apiKey, secret: Secret };
      }),
    ),
    revokeApiKey: superAdminInPerson(
      withUserErrors(
        { id: FIELDS.id },
        { apiKey: null },
      )(async (_parent, { id }, ctx) => ({
        apiKey: await ctx.dataSources.platform.revokeApiKey(id),
      })),
    ),
  },
  ApiKey: {
    ...readRestFields<ApiKeyRecord>()({ name: FIELDS.name, prefix: FIELDS.prefix, createdByName: FIELDS.createdByName }),
    id: (row) => String(row.KeyId),
    access: (row) => row.Access as ApiKeyAccess,
    organization: (row) => (row.ClientId == null ? null : { id: String(row.ClientId), name: row.CompanyName ?? '' }),
    createdAt: (row) => utcInstant(row.CreatedAt),
    lastUsedAt: (row) => utcInstant(row.LastUsedAt),
    expiresAt: (row) => utcInstant(row.ExpiresAt),
    revokedAt: (row) => utcInstant(row.RevokedAt),
  },
};
