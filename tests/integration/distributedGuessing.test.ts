import { authenticatorCode } from '@yozy/subscription-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '@yozy/gateway';
import { factories, FACTORY_PASSWORD, unique, type User } from '../support/factories';
import { GraphQLSession, type GraphQLAnswer } from '../support/graphql';
import { DATABASES, startStack, type DatabaseKind, type Stack } from '../support/stack';

// The gateway's real limits: what an attacker with many addresses meets in production.
const LIMITS = DEFAULT_RATE_LIMITS;
const ACCOUNT_FREE = LIMITS.signIn.perAccount.freeFailures;
const WRONG = 'Wrong@123';
const ADDRESSES = 100;
/** What 100 addresses trying two wrong passwords each, ten at a time, get from an account. */
const EXPECTED_KINDS = [
  ...Array<string>(ACCOUNT_FREE).fill('INVALID_CREDENTIALS'),
  ...Array<string>(2 * ADDRESSES - ACCOUNT_FREE).fill('refused'),
];
const NEW_BROWSERS =
  /^Too many attempts on this account from new browsers\. Sign in from a browser you have used before, or try again in \d+ minutes?\.$/;

const SIGN_IN_FIELDS = 'viewer { email } nextStep errors { code field message }';
const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { ${SIGN_IN_FIELDS} } }`;
const VERIFY = `mutation ($input: SecondFactorInput!) { verifySignInCode(input: $input) { ${SIGN_IN_FIELDS} } }`;
type Payload = {
  viewer: { email: string } | null;
  nextStep: string | null;
  errors: { code: string; field: string | null; message: string }[];
};
type Answer = GraphQLAnswer<Record<string, Payload>>;

let nextNetwork = 0;
/** Addresses of one network of their own per call, through the loopback proxy the stack trusts. */
function addresses(count: number): string[] {
  const network = ++nextNetwork;
  return Array.from({ length: count }, (_, i) => `10.${network}.${Math.floor(i / 250)}.${(i % 250) + 1}`);
}
const browserAt = (stack: Stack, address: string) =>
  new GraphQLSession(stack.gatewayUrl, { 'x-forwarded-for': address, 'user-agent': 'distributed-guessing-tests' });

/** Runs the calls ten at a time, as a botnet would send them together. */
async function inWaves<T>(calls: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < calls.length; i += 10) results.push(...(await Promise.all(calls.slice(i, i + 10).map((call) => call()))));
  return results;
}

async function passwordStep(client: GraphQLSession, email: string, password: string): Promise<Answer> {
  return (await client.request(SIGN_IN, { input: { email, password, captcha: await client.captcha() } })) as Answer;
}

/** What an answer was, in a word: the payload's first error, or the HTTP refusal. */
const kindOf = (answer: Answer, field: string) =>
  answer.status === 429 ? 'refused' : (answer.data?.[field]?.errors[0]?.code ?? (answer.data?.[field]?.viewer ? 'signed in' : 'next step'));

function expectNewBrowsersRefused(answer: Answer, policy: string, quota: number) {
  expect(answer.status).toBe(429);
  expect(answer.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  expect(answer.errors?.[0]?.message).toMatch(NEW_BROWSERS);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(answer.headers.get('ratelimit-policy')).toBe(`"${policy}";q=${quota};w=${LIMITS.signIn.failureResetMs / 1000}`);
  expect(answer.headers.get('ratelimit')).toBe(`"${policy}";r=0;t=${retryAfter}`);
  expect(answer.setCookies).toEqual([]);
}

describe('guessing one account from many addresses, with the real limits', () => {
  let stack: Stack;
  let make: ReturnType<typeof factories>;
  beforeAll(async () => {
    stack = await startStack('pglite', { rateLimits: LIMITS });
    make = factories(stack.db);
  });
  afterAll(() => stack.stop());

  /**
   * Two rounds of one wrong password from each of 100 addresses, ten at a time; answers what each attempt got,
   * in a word. Once one is refused the attackers stop solving captchas, as a refused attempt is
   * turned away before its captcha is looked at.
   */
  async function guessFromEverywhere(email: string): Promise<string[]> {
    let refused = false;
    const attackers = addresses(ADDRESSES).map((address) => browserAt(stack, address));
    const calls = [0, 1].flatMap(() =>
      attackers.map((attacker) => async () => {
        const captcha = refused ? 'not solved' : await attacker.captcha();
        const answer = (await attacker.request(SIGN_IN, { input: { email, password: WRONG, captcha } })) as Answer;
        refused ||= answer.status === 429;
        return kindOf(answer, 'signIn');
      }),
    );
    return inWaves(calls);
  }

  it(
    'locks the account for new browsers after its free failures, even with the right password, while the owner’s browser signs in',
    { timeout: 120_000 },
    async () => {
      const { organisation } = await make.organisationWithAdmin();
      const owner = await make.user(organisation);
      // The owner signed in from their browser before: it holds the account's device cookie.
      const ownBrowser = browserAt(stack, '192.0.2.10');
      expect(kindOf(await passwordStep(ownBrowser, owner.email, FACTORY_PASSWORD), 'signIn')).toBe('signed in');
      expect(ownBrowser.cookies.has('sign_in_device')).toBe(true);
      await ownBrowser.request('mutation { signOut { signedOut } }');
      expect(ownBrowser.cookies.has('token_org')).toBe(false);

      // The first wave's passwords are checked, which uses up the account's free failures; every later one is refused.
      expect(await guessFromEverywhere(owner.email)).toEqual(EXPECTED_KINDS);

      // A new browser, from an address never used, is refused with the right password, and told what works.
      const newcomer = browserAt(stack, '192.0.2.20');
      expectNewBrowsersRefused(await passwordStep(newcomer, owner.email, FACTORY_PASSWORD), 'signIn-account', ACCOUNT_FREE);

      // The owner's browser signs in, from wherever it is now.
      const travelling = new GraphQLSession(stack.gatewayUrl, { 'x-forwarded-for': '192.0.2.30' });
      travelling.cookies.set('sign_in_device', ownBrowser.cookies.get('sign_in_device')!);
      const back = await passwordStep(travelling, owner.email, FACTORY_PASSWORD);
      expect(back.status).toBe(200);
      expect(back.data?.signIn).toMatchObject({ viewer: { email: owner.email }, errors: [] });
    },
  );

  it('answers an unknown account the same, so the limiter tells nothing about who has an account', { timeout: 120_000 }, async () => {
    const nobody = `${unique('nobody')}@factory.test`;
    expect(await guessFromEverywhere(nobody)).toEqual(EXPECTED_KINDS);
    expectNewBrowsersRefused(await passwordStep(browserAt(stack, '192.0.2.40'), nobody, FACTORY_PASSWORD), 'signIn-account', ACCOUNT_FREE);
  });
});

describe.each(DATABASES)('guessing two-factor codes from many addresses on %s, with the real limits', (kind: DatabaseKind) => {
  let stack: Stack;
  let make: ReturnType<typeof factories>;
  beforeAll(async () => {
    stack = await startStack(kind, { rateLimits: LIMITS });
    make = factories(stack.db);
  });
  afterAll(() => stack.stop());

  /**
   * A person with two-factor on, who signed in from their own browser first (it holds their device
   * cookie); answers the secret and that browser. The code that confirmed it is used up.
   */
  async function personWithTwoFactor(): Promise<{ person: User; secret: string; ownBrowser: GraphQLSession }> {
    const { organisation } = await make.organisationWithAdmin();
    const person = await make.user(organisation);
    const ownBrowser = browserAt(stack, '192.0.2.50');
    expect(kindOf(await passwordStep(ownBrowser, person.email, FACTORY_PASSWORD), 'signIn')).toBe('signed in');
    const started = await ownBrowser.request<{ startTwoFactorEnrolment: { enrolment: { secret: string } } }>(
      'mutation { startTwoFactorEnrolment { enrolment { secret } errors { code } } }',
    );
    const { secret } = started.data!.startTwoFactorEnrolment.enrolment;
    const confirmed = await ownBrowser.request<{ confirmTwoFactor: { twoFactor: { enabled: boolean } | null } }>(
      'mutation ($code: String!) { confirmTwoFactor(input: { code: $code }) { twoFactor { enabled } errors { code } } }',
      { code: authenticatorCode(secret) },
    );
    expect(confirmed.data!.confirmTwoFactor.twoFactor?.enabled).toBe(true);
    await ownBrowser.request('mutation { signOut { signedOut } }');
    return { person, secret, ownBrowser };
  }

  const verify = (client: GraphQLSession, input: Record<string, string>) => client.request(VERIFY, { input }) as Promise<Answer>;

  it('ends a step after five wrong codes from five addresses: the right code is then refused and the step cookie cleared', async () => {
    const { person, secret } = await personWithTwoFactor();
    const first = browserAt(stack, '192.0.2.60');
    expect((await passwordStep(first, person.email, FACTORY_PASSWORD)).data?.signIn?.nextStep).toBe('CODE');
    const step = first.cookies.get('sign_in_step')!;

    // The same step, tried from five addresses, one wrong code each (a recovery code among them).
    const guessers = addresses(5).map((address) => {
      const guesser = browserAt(stack, address);
      guesser.cookies.set('sign_in_step', step);
      return guesser;
    });
    for (const [i, guesser] of guessers.slice(0, 4).entries()) {
      const wrong = await verify(guesser, i === 1 ? { recoveryCode: 'aaaaa-aaaaa' } : { code: authenticatorCode(secret, 10) });
      expect(wrong.data?.verifySignInCode?.errors).toEqual([expect.objectContaining({ code: 'INVALID_CREDENTIALS' })]);
    }
    const fifth = await verify(guessers[4]!, { code: authenticatorCode(secret, 10) });
    expect(fifth.data?.verifySignInCode).toEqual({
      viewer: null,
      nextStep: null,
      errors: [
        {
          code: 'INVALID_CREDENTIALS',
          field: null,
          message: 'Five wrong codes have ended this sign-in. Sign in with your email and password again.',
        },
        {
          code: 'INVALID_TOKEN',
          field: null,
          message: 'Five wrong codes have ended this sign-in. Sign in with your email and password again.',
        },
      ],
    });
    expect(fifth.setCookies.some((line) => /^sign_in_step=;/.test(line))).toBe(true);
    expect(guessers[4]!.cookies.has('sign_in_step')).toBe(false);

    // The person's own browser still holds the step: the right code is refused, and the step cookie goes.
    const late = await verify(first, { code: authenticatorCode(secret, 1) });
    expect(late.data?.verifySignInCode).toMatchObject({ viewer: null, errors: [{ code: 'INVALID_TOKEN' }] });
    expect(first.cookies.has('sign_in_step')).toBe(false);
    const [row] = await stack.db.query<{ failed_attempts: number }>(
      'SELECT failed_attempts FROM sign_in_challenges WHERE user_id = $1 ORDER BY challenge_id DESC LIMIT 1',
      [person.userId],
    );
    expect(row?.failed_attempts).toBe(5);
  });

  it('takes no more than five wrong codes on one step when eight addresses send theirs at once', async () => {
    const { person, secret } = await personWithTwoFactor();
    const first = browserAt(stack, '192.0.2.61');
    await passwordStep(first, person.email, FACTORY_PASSWORD);
    const guessers = addresses(8).map((address) => {
      const guesser = browserAt(stack, address);
      guesser.cookies.set('sign_in_step', first.cookies.get('sign_in_step')!);
      return guesser;
    });
    const answers = await Promise.all(guessers.map((guesser) => verify(guesser, { code: authenticatorCode(secret, 10) })));
    const kinds = answers.map((answer) => (answer.data?.verifySignInCode?.errors ?? []).map((error) => error.code).join('+')).sort();
    expect(kinds).toEqual([
      ...Array<string>(4).fill('INVALID_CREDENTIALS'),
      'INVALID_CREDENTIALS+INVALID_TOKEN',
      ...Array<string>(3).fill('INVALID_TOKEN'),
    ]);
    expect((await verify(first, { code: authenticatorCode(secret, 1) })).data?.verifySignInCode?.errors[0]?.code).toBe('INVALID_TOKEN');
  });

  it('locks the code step of the account for new browsers after wrong codes from many addresses, while the owner’s browser finishes its sign-in', async () => {
    const { person, secret, ownBrowser } = await personWithTwoFactor();
    const free = LIMITS.signInCode.perAccount.freeFailures;
    // Someone who has the password tries codes from new browsers, each from an address of its own.
    const kinds: string[] = [];
    for (const address of addresses(free + 3)) {
      const attacker = browserAt(stack, address);
      if ((await passwordStep(attacker, person.email, FACTORY_PASSWORD)).data?.signIn?.nextStep !== 'CODE') throw new Error('no code step');
      kinds.push(kindOf(await verify(attacker, { code: authenticatorCode(secret, 10) }), 'verifySignInCode'));
    }
    expect(kinds).toEqual([...Array<string>(free).fill('INVALID_CREDENTIALS'), 'refused', 'refused', 'refused']);

    // A new browser with the right code is refused too, told what works.
    const newcomer = browserAt(stack, '192.0.2.70');
    await passwordStep(newcomer, person.email, FACTORY_PASSWORD);
    expectNewBrowsersRefused(await verify(newcomer, { code: authenticatorCode(secret, 1) }), 'signInCode-account', free);

    // The owner's browser gets through both steps.
    const back = browserAt(stack, '192.0.2.71');
    back.cookies.set('sign_in_device', ownBrowser.cookies.get('sign_in_device')!);
    expect((await passwordStep(back, person.email, FACTORY_PASSWORD)).data?.signIn?.nextStep).toBe('CODE');
    const done = await verify(back, { code: authenticatorCode(secret, 1) });
    expect(done.data?.verifySignInCode).toMatchObject({ viewer: { email: person.email }, errors: [] });
  });
});
