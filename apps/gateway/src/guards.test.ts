import type { GraphQLResolveInfo } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import type { GatewayContext } from './context';
import { restError, UserErrors } from './errors';
import { admin, organizationScoped, sameOrganization, signedIn, superAdmin, withUserErrors } from './guards';
import { CALLERS, fakeContext, ORGANIZATIONS } from './testing/fakes';

type Caller = keyof typeof CALLERS;
type Outcome = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN';

type Guard = (
  resolver: () => Promise<string>,
) => (parent: object, args: { id: string }, ctx: GatewayContext, info: GraphQLResolveInfo) => Promise<string>;

const guards: Record<'signedIn' | 'admin' | 'superAdmin' | 'sameOrganization(A)', Guard> = {
  signedIn,
  admin,
  superAdmin,
  'sameOrganization(A)': sameOrganization((args: { id: string }) => args.id),
};

// Who gets through each guard; the organisation asked for is A's.
const EXPECTED: Record<keyof typeof guards, Record<Caller, Outcome>> = {
  signedIn: { anonymous: 'UNAUTHENTICATED', memberOfA: 'ok', orgAdminOfA: 'ok', orgAdminOfB: 'ok', superAdmin: 'ok' },
  admin: { anonymous: 'UNAUTHENTICATED', memberOfA: 'FORBIDDEN', orgAdminOfA: 'ok', orgAdminOfB: 'ok', superAdmin: 'ok' },
  superAdmin: {
    anonymous: 'UNAUTHENTICATED',
    memberOfA: 'FORBIDDEN',
    orgAdminOfA: 'FORBIDDEN',
    orgAdminOfB: 'FORBIDDEN',
    superAdmin: 'ok',
  },
  'sameOrganization(A)': {
    anonymous: 'UNAUTHENTICATED',
    memberOfA: 'FORBIDDEN',
    orgAdminOfA: 'ok',
    orgAdminOfB: 'FORBIDDEN',
    superAdmin: 'ok',
  },
};

const cases = Object.entries(EXPECTED).flatMap(([guard, outcomes]) =>
  Object.entries(outcomes).map(([caller, outcome]) => [guard as keyof typeof guards, caller as Caller, outcome] as const),
);

describe('guards', () => {
  it.each(cases)('%s lets %s through: %s', async (guard, caller, outcome) => {
    const resolver = vi.fn(async () => 'the answer');
    const wrapped = guards[guard](resolver);
    const ctx = fakeContext({ viewer: CALLERS[caller] });
    const call = wrapped({}, { id: String(ORGANIZATIONS.A.ClientId) }, ctx, {} as GraphQLResolveInfo);

    if (outcome === 'ok') {
      await expect(call).resolves.toBe('the answer');
      expect(resolver).toHaveBeenCalledOnce();
    } else {
      await expect(call).rejects.toMatchObject({ extensions: { code: outcome } });
      expect(resolver).not.toHaveBeenCalled();
    }
  });

  it('compares organisation ids as text, so an id sent as a string matches a numeric one', async () => {
    const wrapped = sameOrganization((args: { id: number }) => args.id)(async () => 'mine');
    const ctx = fakeContext({ viewer: CALLERS.orgAdminOfA });
    await expect(wrapped({}, { id: ORGANIZATIONS.A.ClientId }, ctx, {} as GraphQLResolveInfo)).resolves.toBe('mine');
  });
});

describe.each(['argument', 'input'] as const)('organizationScoped, naming the organisation as an %s', (where) => {
  const call = (caller: Caller, organizationId: string | null) => {
    const wrapped = organizationScoped(async () => 'the answer');
    const args = where === 'argument' ? { organizationId } : { input: { organizationId } };
    return wrapped({}, args, fakeContext({ viewer: CALLERS[caller] }), {} as GraphQLResolveInfo);
  };

  it.each([
    ['orgAdminOfA', null, 'ok'],
    ['orgAdminOfA', 'A', 'ok'],
    ['orgAdminOfB', 'A', 'FORBIDDEN'],
    ['superAdmin', 'A', 'ok'],
    ['superAdmin', null, 'ok'],
    ['memberOfA', null, 'FORBIDDEN'],
    ['memberOfA', 'A', 'FORBIDDEN'],
    ['anonymous', null, 'UNAUTHENTICATED'],
  ] as const)('%s asking for organisation %s: %s', async (caller, organization, outcome) => {
    const answer = call(caller, organization && String(ORGANIZATIONS[organization].ClientId));
    if (outcome === 'ok') await expect(answer).resolves.toBe('the answer');
    else await expect(answer).rejects.toMatchObject({ extensions: { code: outcome } });
  });
});

describe('withUserErrors', () => {
  const FIELDS = { name: 'RegionName' };
  const run = (work: () => Promise<{ region: string }>, also: Parameters<typeof withUserErrors>[2] = []) =>
    withUserErrors(FIELDS, { region: null }, also)(work)({}, {}, fakeContext(), {} as GraphQLResolveInfo);

  it('answers what the resolver made, with no errors', async () => {
    await expect(run(async () => ({ region: 'Europe' }))).resolves.toEqual({ region: 'Europe', errors: [] });
  });

  it('answers a user error of the REST service in the payload, on the input field it names', async () => {
    const refusal = restError(409, { code: 'CONFLICT', message: 'That name is taken', field: 'RegionName' });
    await expect(run(() => Promise.reject(refusal))).resolves.toEqual({
      region: null,
      errors: [{ code: 'CONFLICT', field: 'name', message: 'That name is taken' }],
    });
  });

  it('answers the errors a resolver throws itself in the payload', async () => {
    const errors = [{ code: 'CAPTCHA_FAILED' as const, field: 'captcha', message: 'Try again' }];
    await expect(run(() => Promise.reject(new UserErrors(errors)))).resolves.toEqual({ region: null, errors });
  });

  it('answers the codes a mutation hands back besides, and throws the rest on', async () => {
    const missing = restError(404, { code: 'NOT_FOUND', message: 'No such region' });
    await expect(run(() => Promise.reject(missing), ['NOT_FOUND'])).resolves.toMatchObject({
      errors: [{ code: 'NOT_FOUND', field: null }],
    });
    await expect(run(() => Promise.reject(missing))).rejects.toBe(missing);
  });
});
