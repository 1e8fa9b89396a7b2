import { describe, expect, it } from 'vitest';
import { factories, FACTORY_PASSWORD } from '../support/factories';
import { GraphQLSession, SIGN_IN, signedIn, VIEWER, type SignInData } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

describe.each(DATABASES)('sessions on %s', (kind) => {
  const stack = useStack(kind);

  it.each([
    ['admin@yozy.local', 'SUPER_ADMIN', '/EnquireDetails', 'Yozy Technologies', 4],
    ['admin@acme.local', 'ORG_ADMIN', '/dashboard', 'Acme Corporation', 8],
    ['admin@globex.local', 'ORG_ADMIN', '/dashboard', 'Globex Industries', 8],
    ['member@acme.local', 'USER', '/dashboard', 'Acme Corporation', 0],
  ])('signs in %s as %s landing on %s', async (email, typeOfUser, landingPath, companyName, menuSize) => {
    const session = new GraphQLSession(stack.gatewayUrl);
    const answer = await session.signIn(email);

    expect(answer.data?.signIn.errors).toEqual([]);
    expect(answer.data?.signIn.viewer).toMatchObject({ email, typeOfUser, landingPath, organization: { companyName } });
    expect(answer.data?.signIn.viewer?.menu).toHaveLength(menuSize);
    const viewer = await session.request<{ viewer: { email: string } | null }>(VIEWER);
    expect(viewer.data?.viewer?.email).toBe(email);
  });

  it.each([
    ['admin@yozy.local', 'https://app.yozy.local'],
    ['admin@acme.local', 'https://app.yozy.local'],
    ['admin@globex.local', 'https://lite.yozy.local'],
    ['member@acme.local', 'https://app.yozy.local'],
  ])("tells %s their own product's address, on sign-in and after", async (email, productUrl) => {
    const session = new GraphQLSession(stack.gatewayUrl);
    const signIn = await session.request<{ signIn: { viewer: { productUrl: string } } }>(
      `mutation ($input: SignInInput!) { signIn(input: $input) { viewer { productUrl } } }`,
      { input: { email, password: 'Admin@123', captcha: await session.captcha() } },
    );
    expect(signIn.data?.signIn.viewer.productUrl).toBe(productUrl);
    const viewer = await session.request<{ viewer: { productUrl: string } }>('{ viewer { productUrl } }');
    expect(viewer.data?.viewer.productUrl).toBe(productUrl);
  });

  it('accepts the email in any letter case', async () => {
    const session = await signedIn(stack.gatewayUrl, 'Admin@Acme.LOCAL');
    expect((await session.request<{ viewer: { email: string } }>(VIEWER)).data?.viewer.email).toBe('admin@acme.local');
  });

  it('sets the session cookie httpOnly, SameSite=Lax, for one day', async () => {
    const session = new GraphQLSession(stack.gatewayUrl);
    const answer = await session.signIn('admin@acme.local');
    const cookie = answer.setCookies.find((line) => line.startsWith('token_org='));

    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Max-Age=86400/i);
    expect(cookie).not.toMatch(/; Secure/i); // served over plain HTTP here
    expect(session.cookies.get('token_org')?.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
  });

  it('stores only a hash of the session token, with who, where from and when', async () => {
    const session = await signedIn(stack.gatewayUrl, 'admin@globex.local');
    const token = session.cookies.get('token_org')!;
    const rows = await stack.db.query<{ token_hash: string; ip: string; user_agent: string; email: string }>(
      `SELECT s.token_hash, s.ip, s.user_agent, u.email FROM sessions s JOIN client_users u ON u.user_id = s.user_id
        WHERE s.ended_at IS NULL ORDER BY s.session_id DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({ email: 'admin@globex.local', ip: '127.0.0.1' });
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.user_agent).toBeTruthy();
  });

  it('gives a wrong password and an unknown email the same answer, and no cookie', async () => {
    const wrongPassword = await new GraphQLSession(stack.gatewayUrl).signIn('admin@acme.local', 'Wrong@123');
    const unknownEmail = await new GraphQLSession(stack.gatewayUrl).signIn('nobody@acme.local', 'Wrong@123');

    expect(wrongPassword.data).toEqual(unknownEmail.data);
    expect(wrongPassword.data?.signIn).toEqual({
      viewer: null,
      errors: [{ code: 'INVALID_CREDENTIALS', field: null, message: 'Incorrect email or password' }],
    });
    expect(wrongPassword.setCookies).toEqual([]);
    expect(unknownEmail.setCookies).toEqual([]);
  });

  it('refuses a deactivated user and an invited user without a password with the same answer', async () => {
    const make = factories(stack.db);
    const { organisation } = await make.organisationWithAdmin();
    const deactivated = await make.user(organisation, { isActive: false });
    const invited = await make.user(organisation, { invited: true });

    const answers = await Promise.all(
      [deactivated.email, invited.email].map(
        async (email) => (await new GraphQLSession(stack.gatewayUrl).signIn(email, FACTORY_PASSWORD)).data,
      ),
    );
    expect(answers[0]?.signIn.errors).toEqual([{ code: 'INVALID_CREDENTIALS', field: null, message: 'Incorrect email or password' }]);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('refuses to sign in without a solved captcha, or with one used before', async () => {
    const session = new GraphQLSession(stack.gatewayUrl);
    const missing = await session.request<SignInData>(SIGN_IN, {
      input: { email: 'admin@acme.local', password: 'Admin@123', captcha: '' },
    });
    expect(missing.data?.signIn).toMatchObject({ viewer: null, errors: [{ code: 'CAPTCHA_FAILED', field: 'captcha' }] });

    const captcha = await session.captcha();
    const first = await session.request<SignInData>(SIGN_IN, { input: { email: 'admin@acme.local', password: 'Admin@123', captcha } });
    expect(first.data?.signIn.errors).toEqual([]);
    const replayed = await new GraphQLSession(stack.gatewayUrl).request<SignInData>(SIGN_IN, {
      input: { email: 'admin@acme.local', password: 'Admin@123', captcha },
    });
    expect(replayed.data?.signIn).toMatchObject({ viewer: null, errors: [{ code: 'CAPTCHA_FAILED', field: 'captcha' }] });
    expect(replayed.setCookies).toEqual([]);
  });

  it('answers viewer: null when signed out', async () => {
    const answer = await new GraphQLSession(stack.gatewayUrl).request(VIEWER);
    expect(answer.data).toEqual({ viewer: null });
    expect(answer.errors).toBeUndefined();
  });

  it('answers viewer: null for a forged token', async () => {
    const session = new GraphQLSession(stack.gatewayUrl);
    session.cookies.set('token_org', 'forged-token-forged-token-forged-token-0000');
    expect((await session.request(VIEWER)).data).toEqual({ viewer: null });
  });

  it('ends the session on sign-out: the old token gives viewer: null afterwards', async () => {
    const session = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const token = session.cookies.get('token_org')!;

    const answer = await session.request<{ signOut: { signedOut: boolean } }>('mutation { signOut { signedOut } }');
    expect(answer.data?.signOut.signedOut).toBe(true);
    expect(answer.setCookies.some((line) => /^token_org=;/.test(line))).toBe(true);

    const replay = new GraphQLSession(stack.gatewayUrl);
    replay.cookies.set('token_org', token);
    expect((await replay.request(VIEWER)).data).toEqual({ viewer: null });
  });

  it('ends the session when the uuid sent with it belongs to someone else', async () => {
    const acme = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const globex = await signedIn(stack.gatewayUrl, 'admin@globex.local');
    acme.cookies.set('uuid_org', globex.cookies.get('uuid_org')!);
    expect((await acme.request(VIEWER)).data).toEqual({ viewer: null });
  });

  it('signs out cleanly when already signed out', async () => {
    const answer = await new GraphQLSession(stack.gatewayUrl).request<{ signOut: { signedOut: boolean } }>(
      'mutation { signOut { signedOut } }',
    );
    expect(answer.data?.signOut.signedOut).toBe(true);
  });
});
