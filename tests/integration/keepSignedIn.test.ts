import { authenticatorCode } from '@yozy/subscription-api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { factories, type User } from '../support/factories';
import { GraphQLSession, VIEWER } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const SIGN_IN_STEP = 'viewer { email } nextStep errors { code field message }';
type StepPayload = { viewer: { email: string } | null; nextStep: 'CODE' | 'ENROL' | null; errors: unknown[] };

async function passwordStep(client: GraphQLSession, user: User, keepSignedIn?: boolean) {
  return client.request<{ signIn: StepPayload }>(`mutation ($input: SignInInput!) { signIn(input: $input) { ${SIGN_IN_STEP} } }`, {
    input: {
      email: user.email,
      password: user.password,
      captcha: await client.captcha(),
      ...(keepSignedIn === undefined ? {} : { keepSignedIn }),
    },
  });
}

const sessionCookie = (setCookies: string[]) => setCookies.find((line) => line.startsWith('token_org='));

/** The cookie lasts a day; or, not kept, it has no expiry at all and ends when the browser closes. */
function expectLifetime(cookie: string | undefined, keepSignedIn: boolean) {
  expect(cookie).toBeDefined();
  if (keepSignedIn) {
    expect(cookie).toMatch(/; Max-Age=86400(;|$)/i);
  } else {
    expect(cookie).not.toMatch(/; Max-Age=/i);
    expect(cookie).not.toMatch(/; Expires=/i);
  }
}

describe.each(DATABASES)('keep me signed in on %s', (kind) => {
  const stack = useStack(kind);
  let make: ReturnType<typeof factories>;
  beforeAll(() => {
    make = factories(stack.db);
  });

  it.each([
    ['kept', true],
    ['left to its default', undefined],
    ['not kept', false],
  ])('sets the session cookies after a password, %s', async (_label, keepSignedIn) => {
    const { admin } = await make.organisationWithAdmin();
    const client = new GraphQLSession(stack.gatewayUrl);
    const answer = await passwordStep(client, admin, keepSignedIn);

    expect(answer.data?.signIn.viewer?.email).toBe(admin.email);
    expectLifetime(sessionCookie(answer.setCookies), keepSignedIn !== false);
    expectLifetime(
      answer.setCookies.find((line) => line.startsWith('uuid_org=')),
      keepSignedIn !== false,
    );
    expect((await client.request<{ viewer: { email: string } | null }>(VIEWER)).data?.viewer?.email).toBe(admin.email);
  });

  it.each([
    ['kept', true],
    ['not kept', false],
  ])('keeps the choice made with the password through the code step, %s', async (_label, keepSignedIn) => {
    const { admin } = await make.organisationWithAdmin();
    const enrolling = new GraphQLSession(stack.gatewayUrl);
    await passwordStep(enrolling, admin);
    const started = await enrolling.request<{ startTwoFactorEnrolment: { enrolment: { secret: string } } }>(
      'mutation { startTwoFactorEnrolment { enrolment { secret } } }',
    );
    const { secret } = started.data!.startTwoFactorEnrolment.enrolment;
    await enrolling.request('mutation ($code: String!) { confirmTwoFactor(input: { code: $code }) { recoveryCodes } }', {
      code: authenticatorCode(secret),
    });

    const client = new GraphQLSession(stack.gatewayUrl);
    const step = await passwordStep(client, admin, keepSignedIn);
    expect(step.data?.signIn).toMatchObject({ viewer: null, nextStep: 'CODE' });
    expect(sessionCookie(step.setCookies)).toBeUndefined();

    const answer = await client.request<{ verifySignInCode: StepPayload }>(
      `mutation ($input: SecondFactorInput!) { verifySignInCode(input: $input) { ${SIGN_IN_STEP} } }`,
      { input: { code: authenticatorCode(secret, 1) } },
    );
    expect(answer.data?.verifySignInCode.viewer?.email).toBe(admin.email);
    expectLifetime(sessionCookie(answer.setCookies), keepSignedIn);
  });
});
