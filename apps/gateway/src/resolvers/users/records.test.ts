import { describe, expect, it, vi } from 'vitest';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '#testing/fakes';

const RESET = /* GraphQL */ `
  mutation ($organizationId: ID, $userId: ID!) {
    resetUserTwoFactor(organizationId: $organizationId, input: { userId: $userId }) {
      twoFactor {
        enabled
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
const RENEW = /* GraphQL */ `
  mutation ($licenceId: ID!) {
    requestLicenceRenewal(input: { licenceId: $licenceId }) {
      licence {
        id
      }
      errors {
        code
        field
      }
    }
  }
`;

describe('resetUserTwoFactor', () => {
  it('asks the REST service in its own names and answers the status now', async () => {
    const resetTwoFactor = vi.fn(async () => ({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }));
    const ctx = fakeContext({ viewer: CALLERS.superAdmin, sources: { users: { resetTwoFactor } } });
    const answer = await execute(RESET, { organizationId: String(ORGANIZATIONS.A.ClientId), userId: '41' }, ctx);
    expect(answer.data).toEqual({ resetUserTwoFactor: { twoFactor: { enabled: false }, errors: [] } });
    expect(resetTwoFactor).toHaveBeenCalledWith(String(ORGANIZATIONS.A.ClientId), { UserId: '41' });
  });

  it('answers a person without two-factor as a payload error on userId', async () => {
    const resetTwoFactor = vi.fn(async () => {
      throw restError(409, { code: 'CONFLICT', message: 'Nina Invitee does not have two-factor sign-in on', field: 'UserId' });
    });
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { users: { resetTwoFactor } } });
    const answer = await execute(RESET, { userId: '41' }, ctx);
    expect(answer.data).toEqual({
      resetUserTwoFactor: {
        twoFactor: null,
        errors: [{ code: 'CONFLICT', field: 'userId', message: 'Nina Invitee does not have two-factor sign-in on' }],
      },
    });
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfB', 'FORBIDDEN'],
  ] as const)("refuses %s with %s for Acme's people before asking the REST service", async (caller, code) => {
    const resetTwoFactor = vi.fn();
    const ctx = fakeContext({ viewer: CALLERS[caller], sources: { users: { resetTwoFactor } } });
    const answer = await execute(RESET, { organizationId: String(ORGANIZATIONS.A.ClientId), userId: '41' }, ctx);
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(resetTwoFactor).not.toHaveBeenCalled();
  });
});

describe('requestLicenceRenewal', () => {
  it("is for an organisation's own admins: the provider is refused before the REST service is asked", async () => {
    const requestRenewal = vi.fn();
    const ctx = fakeContext({ viewer: CALLERS.superAdmin, sources: { licence: { requestRenewal } } });
    const answer = await execute(RENEW, { licenceId: '9' }, ctx);
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
    expect(requestRenewal).not.toHaveBeenCalled();
  });

  it('answers a second request as a payload error on licenceId', async () => {
    const requestRenewal = vi.fn(async () => {
      throw restError(409, { code: 'CONFLICT', message: 'Renewal of this licence was requested already', field: 'LicenceId' });
    });
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { licence: { requestRenewal } } });
    const answer = await execute(RENEW, { licenceId: '9' }, ctx);
    expect(answer.data).toEqual({ requestLicenceRenewal: { licence: null, errors: [{ code: 'CONFLICT', field: 'licenceId' }] } });
    expect(requestRenewal).toHaveBeenCalledWith({ LicenceId: '9' });
  });
});
