import { describe, expect, it, vi } from 'vitest';
import type { OrganizationSettingsRecord } from '#datasources/types';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const SETTINGS =
  'query ($organizationId: ID) { organizationSettings(organizationId: $organizationId) { organizationId twoFactorRequired sessionIdleMinutes allowedEmailDomains updatedAt } }';
const UPDATE = /* GraphQL */ `
  mutation ($organizationId: ID, $input: OrganizationSettingsInput!) {
    updateOrganizationSettings(organizationId: $organizationId, input: $input) {
      settings {
        organizationId
        sessionIdleMinutes
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const ROW: OrganizationSettingsRecord = {
  ClientId: 2,
  RequiresApproval: false,
  TwoFactorRequired: true,
  SessionIdleMinutes: 30,
  AllowedEmailDomains: ['acme.local'],
  UpdatedAt: '2026-11-20T08:15:00.123456+00:00',
};
const INPUT = { twoFactorRequired: true, sessionIdleMinutes: 30, allowedEmailDomains: ['acme.local'] };

describe('organizationSettings', () => {
  it("reads the caller's own organisation's settings", async () => {
    const getSettings = vi.fn(async (_organizationId: string | null | undefined) => ROW);
    const answer = await execute(SETTINGS, {}, fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { settings: { getSettings } } }));
    expect(answer.data).toEqual({
      organizationSettings: {
        organizationId: '2',
        twoFactorRequired: true,
        sessionIdleMinutes: 30,
        allowedEmailDomains: ['acme.local'],
        updatedAt: '2026-11-20T08:15:00.123Z',
      },
    });
    expect(getSettings).toHaveBeenCalledWith(undefined);
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfB', 'FORBIDDEN'],
  ] as const)("refuses %s Acme's settings with %s, reading and changing, without asking the REST service", async (caller, code) => {
    const getSettings = vi.fn(async () => ROW);
    const updateSettings = vi.fn(async () => ROW);
    const sources = { settings: { getSettings, updateSettings } };
    const read = await execute(SETTINGS, { organizationId: '2' }, fakeContext({ viewer: CALLERS[caller], sources }));
    const change = await execute(UPDATE, { organizationId: '2', input: INPUT }, fakeContext({ viewer: CALLERS[caller], sources }));
    expect(read.errors?.[0]?.extensions).toEqual({ code });
    expect(change.errors?.[0]?.extensions).toEqual({ code });
    expect(getSettings).not.toHaveBeenCalled();
    expect(updateSettings).not.toHaveBeenCalled();
  });
});

describe('updateOrganizationSettings', () => {
  it('sends every setting in REST names with the organisation a SuperAdmin names', async () => {
    const updateSettings = vi.fn(async (_organizationId: string | null | undefined, _settings: object) => ROW);
    const answer = await execute(
      UPDATE,
      { organizationId: '2', input: INPUT },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { settings: { updateSettings } } }),
    );
    expect(answer.data).toEqual({ updateOrganizationSettings: { settings: { organizationId: '2', sessionIdleMinutes: 30 }, errors: [] } });
    expect(updateSettings).toHaveBeenCalledWith('2', {
      TwoFactorRequired: true,
      SessionIdleMinutes: 30,
      AllowedEmailDomains: ['acme.local'],
    });
  });

  it('names the refused setting in GraphQL terms', async () => {
    const updateSettings = vi.fn(async () => {
      throw restError(400, { code: 'BAD_REQUEST', message: 'Enter at least 5 minutes', field: 'SessionIdleMinutes' });
    });
    const answer = await execute(
      UPDATE,
      { input: { ...INPUT, sessionIdleMinutes: 1 } },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { settings: { updateSettings } } }),
    );
    expect(answer.data).toEqual({
      updateOrganizationSettings: {
        settings: null,
        errors: [{ code: 'BAD_USER_INPUT', field: 'sessionIdleMinutes', message: 'Enter at least 5 minutes' }],
      },
    });
  });
});
