import { authenticatorCode } from '@yozy/subscription-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '@yozy/gateway';
import { factories, type User } from '../support/factories';
import { GraphQLSession, VIEWER } from '../support/graphql';
import { DATABASES, startStack, type Stack } from '../support/stack';
import { useStack } from '../support/useStack';

const ENROL = 'mutation { startTwoFactorEnrolment { enrolment { secret otpauthUrl qrCode } errors { code message } } }';
const CONFIRM = `mutation ($code: String!) {
  confirmTwoFactor(input: { code: $code }) { twoFactor { enabled recoveryCodesLeft } recoveryCodes errors { code field message } }
}`;
const DISABLE = `mutation ($input: SecondFactorInput!) {
  disableTwoFactor(input: $input) { twoFactor { enabled } errors { code field message } }
}`;
const STATUS = '{ twoFactor { enabled recoveryCodesLeft } }';
const SIGN_IN_STEP = 'viewer { email } nextStep recoveryCodes errors { code field message }';
const VERIFY = `mutation ($input: SecondFactorInput!) { verifySignInCode(input: $input) { ${SIGN_IN_STEP} } }`;
const START_SIGN_IN_ENROLMENT = 'mutation { startSignInEnrolment { enrolment { secret qrCode } errors { code } } }';
const CONFIRM_SIGN_IN_ENROLMENT = `mutation ($code: String!) { confirmSignInEnrolment(input: { code: $code }) { ${SIGN_IN_STEP} } }`;

type StepPayload = {
  viewer: { email: string } | null;
  nextStep: 'CODE' | 'ENROL' | null;
  recoveryCodes: string[] | null;
  errors: { code: string; field: string | null; message: string }[];
};
type Enrolment = { secret: string; otpauthUrl: string; qrCode: string };

async function passwordStep(client: GraphQLSession, user: User) {
  const answer = await client.request<{ signIn: StepPayload }>(
    `mutation ($input: SignInInput!) { signIn(input: $input) { ${SIGN_IN_STEP} } }`,
    { input: { email: user.email, password: user.password, captcha: await client.captcha() } },
  );
  return answer.data!.signIn;
}

async function signedInAs(gatewayUrl: string, user: User): Promise<GraphQLSession> {
  const client = new GraphQLSession(gatewayUrl);
  expect((await passwordStep(client, user)).viewer?.email).toBe(user.email);
  return client;
}

/** Enrols the signed-in client's person; answers the secret, the code that confirmed it and the recovery codes. */
async function enrol(client: GraphQLSession) {
  const started = await client.request<{ startTwoFactorEnrolment: { enrolment: Enrolment } }>(ENROL);
  const { secret } = started.data!.startTwoFactorEnrolment.enrolment;
  const firstCode = authenticatorCode(secret);
  const confirmed = await client.request<{ confirmTwoFactor: { recoveryCodes: string[] } }>(CONFIRM, { code: firstCode });
  return { secret, firstCode, recoveryCodes: confirmed.data!.confirmTwoFactor.recoveryCodes };
}

describe.each(DATABASES)('two-factor sign-in on %s', (kind) => {
  const stack = useStack(kind);
  let make: ReturnType<typeof factories>;
  beforeAll(() => {
    make = factories(stack.db);
  });

  it('enrols with a QR code and a key, shows ten recovery codes once, and logs it without secrets', async () => {
    const { admin } = await make.organisationWithAdmin();
    const client = await signedInAs(stack.gatewayUrl, admin);
    const started = await client.request<{ startTwoFactorEnrolment: { enrolment: Enrolment } }>(ENROL);
    const enrolment = started.data!.startTwoFactorEnrolment.enrolment;
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);

    const wrong = await client.request<{ confirmTwoFactor: StepPayload & { twoFactor: null } }>(CONFIRM, {
      code: authenticatorCode(enrolment.secret, 10),
    });
    expect(wrong.data!.confirmTwoFactor.errors).toEqual([
      { code: 'INVALID_CREDENTIALS', field: 'code', message: expect.stringMatching(/not right/) },
    ]);
    const confirmed = await client.request<{ confirmTwoFactor: { twoFactor: { enabled: boolean }; recoveryCodes: string[] } }>(CONFIRM, {
      code: authenticatorCode(enrolment.secret),
    });
    expect(confirmed.data!.confirmTwoFactor.twoFactor.enabled).toBe(true);
    expect(confirmed.data!.confirmTwoFactor.recoveryCodes).toHaveLength(10);
    expect((await client.request(STATUS)).data).toEqual({ twoFactor: { enabled: true, recoveryCodesLeft: 10 } });

    const logged = await stack.db.query<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM audit_log WHERE action = 'two_factor.enable' AND actor_user_id = $1",
      [admin.userId],
    );
    expect(logged).toHaveLength(1);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(enrolment.secret);
    for (const code of confirmed.data!.confirmTwoFactor.recoveryCodes) expect(text).not.toContain(code);
  });

  it('asks for the code after the password, refuses a wrong or reused code, and signs in with the next one', async () => {
    const { admin } = await make.organisationWithAdmin();
    const { secret, firstCode } = await enrol(await signedInAs(stack.gatewayUrl, admin));

    const client = new GraphQLSession(stack.gatewayUrl);
    const step = await passwordStep(client, admin);
    expect(step).toMatchObject({ viewer: null, nextStep: 'CODE', errors: [] });
    // No session yet: only the step's own httpOnly cookie.
    expect((await client.request(VIEWER)).data).toEqual({ viewer: null });
    expect([...client.cookies.keys()]).toEqual(['sign_in_step']);

    const wrong = await client.request<{ verifySignInCode: StepPayload }>(VERIFY, { input: { code: authenticatorCode(secret, 10) } });
    expect(wrong.data!.verifySignInCode).toMatchObject({ viewer: null, errors: [{ code: 'INVALID_CREDENTIALS', field: 'code' }] });
    const reused = await client.request<{ verifySignInCode: StepPayload }>(VERIFY, { input: { code: firstCode } });
    expect(reused.data!.verifySignInCode.errors[0]).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: expect.stringMatching(/already been used/),
    });

    const done = await client.request<{ verifySignInCode: StepPayload }>(VERIFY, { input: { code: authenticatorCode(secret, 1) } });
    expect(done.data!.verifySignInCode).toMatchObject({ viewer: { email: admin.email }, errors: [] });
    expect((await client.request<{ viewer: { email: string } }>(VIEWER)).data!.viewer.email).toBe(admin.email);
    expect(client.cookies.has('sign_in_step')).toBe(false);
    // The step was used: the same code step cannot start a second session.
    const again = await client.request<{ verifySignInCode: StepPayload }>(VERIFY, { input: { code: authenticatorCode(secret, 1) } });
    expect(again.data!.verifySignInCode.errors[0]?.code).toBe('INVALID_TOKEN');
  });

  it('takes a recovery code once instead of a code, and logs its use', async () => {
    const { admin } = await make.organisationWithAdmin();
    const { recoveryCodes } = await enrol(await signedInAs(stack.gatewayUrl, admin));
    const first = new GraphQLSession(stack.gatewayUrl);
    await passwordStep(first, admin);
    const used = await first.request<{ verifySignInCode: StepPayload }>(VERIFY, { input: { recoveryCode: recoveryCodes[2] } });
    expect(used.data!.verifySignInCode.viewer?.email).toBe(admin.email);

    const second = new GraphQLSession(stack.gatewayUrl);
    await passwordStep(second, admin);
    const twice = await second.request<{ verifySignInCode: StepPayload }>(VERIFY, { input: { recoveryCode: recoveryCodes[2] } });
    expect(twice.data!.verifySignInCode).toMatchObject({ viewer: null, errors: [{ code: 'INVALID_CREDENTIALS', field: 'recoveryCode' }] });
    expect((await first.request(STATUS)).data).toEqual({ twoFactor: { enabled: true, recoveryCodesLeft: 9 } });
    const logged = await stack.db.query("SELECT 1 FROM audit_log WHERE action = 'two_factor.recovery_code_used' AND actor_user_id = $1", [
      admin.userId,
    ]);
    expect(logged).toHaveLength(1);
  });

  it('turns off with a current code, after which the password alone signs in; and only ever the caller’s own', async () => {
    const { admin } = await make.organisationWithAdmin();
    const { admin: stranger } = await make.organisationWithAdmin();
    const client = await signedInAs(stack.gatewayUrl, admin);
    const { secret } = await enrol(client);
    const other = await signedInAs(stack.gatewayUrl, stranger);

    // Another person's code and confirmation concern only their own two-factor (here: none).
    const foreign = await other.request<{ disableTwoFactor: StepPayload }>(DISABLE, { input: { code: authenticatorCode(secret, 1) } });
    expect(foreign.data!.disableTwoFactor.errors[0]?.code).toBe('CONFLICT');
    const foreignConfirm = await other.request<{ confirmTwoFactor: StepPayload }>(CONFIRM, { code: authenticatorCode(secret, 1) });
    expect(foreignConfirm.data!.confirmTwoFactor.errors[0]?.code).toBe('CONFLICT');
    expect((await client.request(STATUS)).data).toEqual({ twoFactor: { enabled: true, recoveryCodesLeft: 10 } });

    const wrong = await client.request<{ disableTwoFactor: StepPayload }>(DISABLE, { input: { code: authenticatorCode(secret, 10) } });
    expect(wrong.data!.disableTwoFactor.errors[0]).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'code' });
    const off = await client.request<{ disableTwoFactor: { twoFactor: { enabled: boolean } } }>(DISABLE, {
      input: { code: authenticatorCode(secret, 1) },
    });
    expect(off.data!.disableTwoFactor.twoFactor.enabled).toBe(false);
    expect((await passwordStep(new GraphQLSession(stack.gatewayUrl), admin)).viewer?.email).toBe(admin.email);
    const logged = await stack.db.query<{ after: unknown }>(
      "SELECT after FROM audit_log WHERE action = 'two_factor.disable' AND actor_user_id = $1",
      [admin.userId],
    );
    expect(logged).toEqual([{ after: { enabled: false, confirmedWith: 'code' } }]);
  });

  it('leads a person whose organisation requires two-factor to enrol before the session starts', async () => {
    const { organisation, admin } = await make.organisationWithAdmin();
    await stack.db.query(
      `INSERT INTO org_settings (client_id, two_factor_required) VALUES ($1, true)
       ON CONFLICT (client_id) DO UPDATE SET two_factor_required = true`,
      [organisation.clientId],
    );
    const client = new GraphQLSession(stack.gatewayUrl);
    expect(await passwordStep(client, admin)).toMatchObject({ viewer: null, nextStep: 'ENROL' });
    expect((await client.request(VIEWER)).data).toEqual({ viewer: null });
    const started = await client.request<{ startSignInEnrolment: { enrolment: Enrolment } }>(START_SIGN_IN_ENROLMENT);
    const { secret } = started.data!.startSignInEnrolment.enrolment;
    const wrong = await client.request<{ confirmSignInEnrolment: StepPayload }>(CONFIRM_SIGN_IN_ENROLMENT, {
      code: authenticatorCode(secret, 10),
    });
    expect(wrong.data!.confirmSignInEnrolment.errors[0]).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'code' });
    const done = await client.request<{ confirmSignInEnrolment: StepPayload }>(CONFIRM_SIGN_IN_ENROLMENT, {
      code: authenticatorCode(secret),
    });
    expect(done.data!.confirmSignInEnrolment).toMatchObject({ viewer: { email: admin.email }, errors: [] });
    expect(done.data!.confirmSignInEnrolment.recoveryCodes).toHaveLength(10);
    expect((await client.request<{ viewer: { email: string } }>(VIEWER)).data!.viewer.email).toBe(admin.email);
    // From now on the sign-in asks for a code, and two-factor cannot be turned off.
    expect(await passwordStep(new GraphQLSession(stack.gatewayUrl), admin)).toMatchObject({ nextStep: 'CODE' });
    const off = await client.request(DISABLE, { input: { code: authenticatorCode(secret, 1) } });
    expect(off.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the code step of a sign-in is rate limited', () => {
  const FREE = 3;
  const LIMITS: RateLimits = {
    ...DEFAULT_RATE_LIMITS,
    signIn: { ...DEFAULT_RATE_LIMITS.signIn, freeFailures: 1000, perIp: { failures: 1000, windowMs: 60_000 } },
    signInCode: {
      freeFailures: FREE,
      waitIncrementMs: 10 * 60_000,
      maxWaitMs: 30 * 60_000,
      failureResetMs: 60 * 60_000,
      perIp: { failures: 100, windowMs: 15 * 60_000 },
      perAccount: { freeFailures: 1000 },
    },
  };
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('pglite', { rateLimits: LIMITS });
  });
  afterAll(() => stack.stop());

  it('refuses more codes after the free failures, even with a new password step, and not another person’s', async () => {
    const make = factories(stack.db);
    const { admin } = await make.organisationWithAdmin();
    const { admin: neighbour } = await make.organisationWithAdmin();
    const { secret } = await enrol(await signedInAs(stack.gatewayUrl, admin));
    await enrol(await signedInAs(stack.gatewayUrl, neighbour));

    const client = new GraphQLSession(stack.gatewayUrl);
    await passwordStep(client, admin);
    for (let i = 0; i < FREE; i++) {
      const wrong = await client.request<{ verifySignInCode: StepPayload }>(VERIFY, { input: { code: authenticatorCode(secret, 10) } });
      expect(wrong.data!.verifySignInCode.errors[0]?.code).toBe('INVALID_CREDENTIALS');
    }
    const limited = await client.request(VERIFY, { input: { code: authenticatorCode(secret, 1) } });
    expect(limited.status).toBe(429);
    expect(limited.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // A new password step does not give new guesses.
    await passwordStep(client, admin);
    expect((await client.request(VERIFY, { input: { code: authenticatorCode(secret, 1) } })).status).toBe(429);
    // Someone else signing in from the same address is not held up.
    const neighbourClient = new GraphQLSession(stack.gatewayUrl);
    await passwordStep(neighbourClient, neighbour);
    const theirs = await neighbourClient.request<{ verifySignInCode: StepPayload }>(VERIFY, { input: { code: '000000' } });
    expect(theirs.status).toBe(200);
  });
});
