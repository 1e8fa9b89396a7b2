import { describe, expect, it, vi } from 'vitest';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const VIEWER = /* GraphQL */ `
  query {
    viewer {
      id
      email
      typeOfUser
      landingPath
      productUrl
      menu {
        path
      }
      organization {
        id
        companyName
      }
    }
  }
`;

const SIGN_IN = /* GraphQL */ `
  mutation ($input: SignInInput!) {
    signIn(input: $input) {
      viewer {
        email
        typeOfUser
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

type ViewerData = {
  viewer: {
    id: string;
    email: string;
    typeOfUser: string;
    landingPath: string;
    productUrl: string;
    menu: { path: string }[];
    organization: { id: string; companyName: string };
  } | null;
};

describe('viewer', () => {
  it('is null when signed out, and asks the REST service nothing', async () => {
    const answer = await execute<ViewerData>(VIEWER, {}, fakeContext());
    expect(answer).toEqual({ data: { viewer: null }, errors: undefined });
  });

  it.each([
    ['superAdmin', 'SUPER_ADMIN', '/EnquireDetails', 4],
    ['orgAdminOfA', 'ORG_ADMIN', '/dashboard', 8],
    ['memberOfA', 'USER', '/dashboard', 0],
  ] as const)('describes a %s as %s landing on %s with %i menu entries', async (caller, typeOfUser, landingPath, menuSize) => {
    const profile = CALLERS[caller];
    const getProductAddress = vi.fn(async (email: string) => `https://product-of.${email}`);
    const answer = await execute<ViewerData>(VIEWER, {}, fakeContext({ viewer: profile, sources: { account: { getProductAddress } } }));

    expect(answer.errors).toBeUndefined();
    expect(answer.data?.viewer).toMatchObject({
      id: String(profile.ClientUserId),
      email: profile.OfficialEmail,
      typeOfUser,
      landingPath,
      productUrl: `https://product-of.${profile.OfficialEmail}`,
      organization: { id: String(profile.ClientId), companyName: profile.OrgDetails.ClientCompanyName },
    });
    expect(answer.data?.viewer?.menu).toHaveLength(menuSize);
    expect(getProductAddress).toHaveBeenCalledWith(profile.OfficialEmail);
  });
});

describe('signIn', () => {
  const input = { email: 'admin@acme.local', password: 'Admin@123', captcha: 'solved' };

  it('starts a session with the REST token and answers the viewer', async () => {
    const signIn = vi.fn(async () => ({ token: 'tok', expiresAt: '2030-01-01T00:00:00Z', keepSignedIn: true, user: CALLERS.orgAdminOfA }));
    const ctx = fakeContext({ sources: { account: { signIn } } });
    const answer = await execute(SIGN_IN, { input }, ctx);

    expect(answer.data).toEqual({ signIn: { viewer: { email: 'admin@acme.local', typeOfUser: 'ORG_ADMIN' }, errors: [] } });
    // Left out, the choice is the schema's default: kept signed in.
    expect(signIn).toHaveBeenCalledWith({ email: 'admin@acme.local', password: 'Admin@123', keepSignedIn: true });
    expect(ctx.sessionEvents).toEqual(['start tok admin@acme.local']);
  });

  it('answers wrong credentials in the payload and starts nothing', async () => {
    const signIn = vi.fn(() => Promise.reject(restError(401, { code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password' })));
    const ctx = fakeContext({ sources: { account: { signIn } } });
    const answer = await execute(SIGN_IN, { input }, ctx);

    expect(answer.data).toEqual({
      signIn: { viewer: null, errors: [{ code: 'INVALID_CREDENTIALS', field: null, message: 'Incorrect email or password' }] },
    });
    expect(ctx.sessionEvents).toEqual([]);
  });

  it('names the input field of a REST refusal', async () => {
    const signIn = vi.fn(() => Promise.reject(restError(400, { code: 'BAD_REQUEST', message: 'Enter your email', field: 'email' })));
    const answer = await execute(SIGN_IN, { input }, fakeContext({ sources: { account: { signIn } } }));
    expect(answer.data).toEqual({
      signIn: { viewer: null, errors: [{ code: 'BAD_USER_INPUT', field: 'email', message: 'Enter your email' }] },
    });
  });

  it('does not ask the REST service when the captcha is not solved', async () => {
    const answer = await execute(SIGN_IN, { input }, fakeContext({ captcha: 'replayed' }));
    expect(answer.data).toEqual({
      signIn: { viewer: null, errors: [{ code: 'CAPTCHA_FAILED', field: 'captcha', message: expect.stringMatching(/already used/) }] },
    });
  });

  it('throws an outage of the REST service instead of blaming the user', async () => {
    const signIn = vi.fn(() => Promise.reject(restError(500, { code: 'INTERNAL', message: 'relation "x" does not exist' })));
    const answer = await execute(SIGN_IN, { input }, fakeContext({ sources: { account: { signIn } } }));
    expect(answer.data).toBeNull();
    expect(answer.errors).toEqual([{ message: expect.stringMatching(/could not answer/), extensions: { code: 'UPSTREAM_UNAVAILABLE' } }]);
  });
});

describe('signOut', () => {
  it('ends the session in the REST service and in the browser', async () => {
    const signOut = vi.fn(async () => undefined);
    const ctx = fakeContext({ viewer: CALLERS.memberOfA, sources: { account: { signOut } } });
    const answer = await execute('mutation { signOut { signedOut } }', {}, ctx);
    expect(answer.data).toEqual({ signOut: { signedOut: true } });
    expect(signOut).toHaveBeenCalledOnce();
    expect(ctx.sessionEvents).toEqual(['end']);
  });
});
