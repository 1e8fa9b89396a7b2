import { API_KEY_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { ApiKeyRecord } from '../../datasources/types';
import type { ApiKeyAccess, ApiKeyFilter, ApiKeySortField, Resolvers } from '../../generated/graphql';
import { namingFields, userErrorsOf } from '../../errors';
import { superAdminInPerson } from '../../guards';
import { listPage, type ListSpec } from '../../lists';
import { utcInstant } from '../../scalars';
import { readRestFields } from '../restFields';

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
