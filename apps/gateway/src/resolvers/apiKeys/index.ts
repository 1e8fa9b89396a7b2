import { API_KEY_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { ApiKeyRecord } from '../../datasources/types';
import type { ApiKeyAccess, ApiKeyFilter, ApiKeySortField, Resolvers } from '../../generated/graphql';
import { namingFields, userErrorsOf } from '../../errors';
import { superAdminInPerson } from '../../guards';
import { listPage, type ListSpec } from '../../lists';

const FIELDS = API_KEY_REST_FIELDS;

const API_KEY_LIST: ListSpec<ApiKeyFilter, ApiKeySortField> = {
  search: [FIELDS.name],
  filter: { active: [FIELDS.isActive, 'eq'] },
  sort: { NAME: FIELDS.name, CREATED_AT: FIELDS.createdAt },
  defaultSort: { field: 'CREATED_AT', direction: 'DESC' },
};

const instant = (value: string | null) => (value ? new Date(value).toISOString() : null);

/** API keys in Platform Settings: SuperAdmins signed in as themselves, guarded before any REST call. */
export const apiKeyResolvers: Resolvers = {
  Query: {
    apiKeys: superAdminInPerson((_parent, args, ctx) =>
      listPage(args, API_KEY_LIST, (params) => ctx.dataSources.platform.listApiKeys(params).catch(namingFields(FIELDS))),
    ),
  },
  Mutation: {
    createApiKey: superAdminInPerson(async (_parent, { input }, ctx) => {
      try {
        const { Secret, ...apiKey } = await ctx.dataSources.platform.createApiKey(toRestFields(FIELDS, input));
        return { apiKey, secret: Secret, errors: [] };
      } catch (error) {
        return { apiKey: null, secret: null, errors: userErrorsOf(error, FIELDS) };
      }
    }),
    revokeApiKey: superAdminInPerson(async (_parent, { id }, ctx) => {
      try {
        return { apiKey: await ctx.dataSources.platform.revokeApiKey(id), errors: [] };
      } catch (error) {
        return { apiKey: null, errors: userErrorsOf(error, { id: FIELDS.id }) };
      }
    }),
  },
  ApiKey: {
    id: (row: ApiKeyRecord) => String(row.KeyId),
    name: (row) => row.Name,
    prefix: (row) => row.KeyPrefix,
    access: (row) => row.Access as ApiKeyAccess,
    organization: (row) => (row.ClientId == null ? null : { id: String(row.ClientId), name: row.CompanyName ?? '' }),
    createdByName: (row) => row.CreatedByName,
    createdAt: (row) => instant(row.CreatedAt)!,
    lastUsedAt: (row) => instant(row.LastUsedAt),
    expiresAt: (row) => instant(row.ExpiresAt),
    revokedAt: (row) => instant(row.RevokedAt),
  },
};
