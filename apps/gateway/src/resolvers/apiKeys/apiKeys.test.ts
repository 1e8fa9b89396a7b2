import { describe, expect, it, vi } from 'vitest';
import type { ApiKeyRecord } from '#datasources/types';
import { restError } from '#errors';
import type { RestPage } from '#lists';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const API_KEYS = /* GraphQL */ `
  query ($active: Boolean) {
    apiKeys(filter: { active: $active }) {
      totalCount
      nodes {
        id
        name
        prefix
        access
        organization {
          id
          name
        }
        lastUsedAt
        revokedAt
      }
    }
  }
`;

const CREATE = /* GraphQL */ `
  mutation ($name: String!) {
    createApiKey(input: { name: $name, access: READ, organizationId: "2" }) {
      apiKey {
        id
        name
      }
      secret
      errors {
        code
        field
        message
      }
    }
  }
`;

const ROW: ApiKeyRecord = {
  KeyId: 4,
  Name: 'Billing sync',
  KeyPrefix: 'yozy_key_AbCdEf',
  Access: 'READ',
  ClientId: 2,
  CompanyName: 'Acme Corporation',
  CreatedByName: 'Asha Rao',
  CreatedAt: '2026-11-20T09:30:00+00:00',
  LastUsedAt: null,
  ExpiresAt: null,
  RevokedAt: null,
  IsActive: true,
};
const page = (rows: ApiKeyRecord[]): RestPage<ApiKeyRecord> => ({
  rows,
  contentRange: rows.length ? `0-${rows.length - 1}/${rows.length}` : '*/0',
});

describe('apiKeys', () => {
  it('lists keys newest first without their secrets, filtered on the REST service', async () => {
    const listApiKeys = vi.fn(async (_params: URLSearchParams) => page([ROW]));
    const answer = await execute(
      API_KEYS,
      { active: true },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { listApiKeys } } }),
    );
    expect(answer.data).toEqual({
      apiKeys: {
        totalCount: 1,
        nodes: [
          {
            id: '4',
            name: 'Billing sync',
            prefix: 'yozy_key_AbCdEf',
            access: 'READ',
            organization: { id: '2', name: 'Acme Corporation' },
            lastUsedAt: null,
            revokedAt: null,
          },
        ],
      },
    });
    const params = listApiKeys.mock.calls[0]![0];
    expect(params.get('order')).toBe('CreatedAt.desc');
    expect(params.get('IsActive')).toBe('eq.true');
  });

  it('answers the secret once, beside the key', async () => {
    const createApiKey = vi.fn(async () => ({ ...ROW, Secret: 'yozy_key_AbCdEf-the-rest' }));
    const answer = await execute(
      CREATE,
      { name: 'Billing sync' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { createApiKey } } }),
    );
    expect(answer.data).toEqual({
      createApiKey: { apiKey: { id: '4', name: 'Billing sync' }, secret: 'yozy_key_AbCdEf-the-rest', errors: [] },
    });
    expect(createApiKey).toHaveBeenCalledWith({ Name: 'Billing sync', Access: 'READ', ClientId: '2' });
  });

  it('names the field the REST service refused', async () => {
    const createApiKey = vi.fn(() =>
      Promise.reject(restError(400, { code: 'BAD_REQUEST', message: 'Choose an existing organization', field: 'ClientId' })),
    );
    const answer = await execute(
      CREATE,
      { name: 'x' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { createApiKey } } }),
    );
    expect(answer.data).toEqual({
      createApiKey: {
        apiKey: null,
        secret: null,
        errors: [{ code: 'BAD_USER_INPUT', field: 'organizationId', message: 'Choose an existing organization' }],
      },
    });
  });

  it.each([
    ['anonymous', false, 'UNAUTHENTICATED'],
    ['orgAdminOfA', false, 'FORBIDDEN'],
    ['superAdmin', true, 'FORBIDDEN'],
  ] as const)('refuses %s (API key: %s) with %s without asking the REST service', async (caller, usesApiKey, code) => {
    const listApiKeys = vi.fn(async () => page([ROW]));
    const createApiKey = vi.fn(async () => ({ ...ROW, Secret: 'x' }));
    const context = fakeContext({ viewer: CALLERS[caller], usesApiKey, sources: { platform: { listApiKeys, createApiKey } } });
    expect((await execute(API_KEYS, {}, context)).errors?.[0]?.extensions).toEqual({ code });
    expect((await execute(CREATE, { name: 'x' }, context)).errors?.[0]?.extensions).toEqual({ code });
    expect(listApiKeys).not.toHaveBeenCalled();
    expect(createApiKey).not.toHaveBeenCalled();
  });
});
