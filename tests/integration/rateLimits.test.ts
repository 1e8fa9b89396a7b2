import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimits } from '@yozy/gateway';
import { DEMO_PASSWORD, GraphQLSession, signedIn, type GraphQLAnswer } from '../support/graphql';
import { SCIM, provisionedOrganisation } from '../support/scim';
import { startStack, TEST_SERVICE_TOKEN, type Stack } from '../support/stack';

// Waits of minutes, so nothing a test asserts can run out while a loaded machine is slow; how the
// wait grows and is forgotten is checked with a clock the gateway's unit tests control.
const LIMITS: RateLimits = {
  signIn: {
    freeFailures: 3,
    waitIncrementMs: 10 * 60_000,
    maxWaitMs: 30 * 60_000,
    failureResetMs: 60 * 60_000,
    perIp: { failures: 6, windowMs: 15 * 60_000 },
    perAccount: { freeFailures: 1000 },
  },
  signInCode: {
    freeFailures: 3,
    waitIncrementMs: 10 * 60_000,
    maxWaitMs: 30 * 60_000,
    failureResetMs: 60 * 60_000,
    perIp: { failures: 6, windowMs: 15 * 60_000 },
    perAccount: { freeFailures: 1000 },
  },
  requestPasswordReset: { windowMs: 60 * 60_000, perIp: 1000, perAccount: 3 },
  resetPassword: { windowMs: 60 * 60_000, perIp: 1000, perAccount: 3 },
  setPassword: { windowMs: 60 * 60_000, perIp: 1000, perAccount: 3 },
  changePassword: { windowMs: 60 * 60_000, perIp: 1000, perAccount: 3 },
  submitEnquiry: { windowMs: 60 * 60_000, perIp: 1000, perAccount: 3 },
  startSingleSignOn: { windowMs: 60 * 60_000, perIp: 1000, perAccount: 3 },
  redeemSignInHandoff: { windowMs: 60 * 60_000, perIp: 1000, perAccount: 3 },
  apiKey: { windowMs: 60 * 60_000, perKey: 3 },
  provisioningToken: { windowMs: 60 * 60_000, perToken: 3 },
};
const FREE = LIMITS.signIn.freeFailures;
const WRONG = 'Wrong@123';

type SignInResult = { errors: { code: string }[]; viewer: { email: string } | null };
type Answer = GraphQLAnswer<unknown>;

let nextAddress = 1;
/** A client of its own address, through the loopback proxy the stack trusts: each test its own counters. */
function clientAt(stack: Stack, address = `198.51.100.${nextAddress++}`) {
  return new GraphQLSession(stack.gatewayUrl, { 'x-forwarded-for': address, 'user-agent': 'rate-limit-tests' });
}

const refused = (answer: Answer) => answer.status === 429 && answer.errors?.[0]?.extensions?.code === 'RATE_LIMITED';

function expectRefused(answer: Answer, minutes: number, policy: string) {
  expect(answer.status).toBe(429);
  expect(answer.errors?.[0]).toMatchObject({
    message: `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    extensions: { code: 'RATE_LIMITED' },
  });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
  expect(answer.headers.get('ratelimit-policy')).toMatch(new RegExp(`^"${policy}";q=\\d+;w=\\d+$`));
  expect(answer.headers.get('ratelimit')).toBe(`"${policy}";r=0;t=${retryAfter}`);
  expect(answer.setCookies).toEqual([]);
}

const SIGN_IN_FIELDS = 'errors { code } viewer { email }';

describe('rate limits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('pglite', { rateLimits: LIMITS });
  });
  afterAll(() => stack.stop());

  async function plainSignIn(client: GraphQLSession, email: string, password: string): Promise<GraphQLAnswer<{ signIn: SignInResult }>> {
    return client.signIn(email, password);
  }

  describe('sign-in: failures count per account and address, with a growing wait', () => {
    it(`lets ${FREE} failures through, then refuses even the right password from that address with when to try again`, async () => {
      const attacker = clientAt(stack);
      for (let i = 0; i < FREE; i++) {
        expect((await plainSignIn(attacker, 'admin@globex.local', WRONG)).data?.signIn).toMatchObject({
          errors: [{ code: 'INVALID_CREDENTIALS' }],
        });
      }
      expectRefused(await plainSignIn(attacker, 'ADMIN@globex.local', DEMO_PASSWORD), 10, 'signIn-account-ip');
      // A limited caller keeps getting the same answer, and asking does not lengthen the wait.
      expectRefused(await plainSignIn(attacker, 'admin@globex.local', DEMO_PASSWORD), 10, 'signIn-account-ip');
    });

    it('never locks the real user out of their own address, and a correct password there signs in', async () => {
      const attacker = clientAt(stack);
      for (let i = 0; i < FREE; i++) await plainSignIn(attacker, 'admin@acme.local', WRONG);
      expect(refused(await plainSignIn(attacker, 'admin@acme.local', WRONG))).toBe(true);

      const owner = clientAt(stack);
      const answer = await plainSignIn(owner, 'admin@acme.local', DEMO_PASSWORD);
      expect(answer.status).toBe(200);
      expect(answer.data?.signIn).toMatchObject({ errors: [], viewer: { email: 'admin@acme.local' } });
      expect(owner.cookies.has('token_org')).toBe(true);
    });

    it('does not count successes: signing in again and again never uses up the budget', async () => {
      const client = clientAt(stack);
      const perIp = LIMITS.signIn.perIp.failures;
      for (let i = 0; i < perIp + FREE; i++) {
        expect((await plainSignIn(client, 'member@acme.local', DEMO_PASSWORD)).data?.signIn.errors).toEqual([]);
      }
      // A sign-in also clears the failures before it, as it does in Keycloak.
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < FREE - 1; i++) await plainSignIn(client, 'member@acme.local', WRONG);
        expect((await plainSignIn(client, 'member@acme.local', DEMO_PASSWORD)).data?.signIn.errors).toEqual([]);
      }
    });

    it('answers an unknown account exactly as a real one, refusal included', async () => {
      const codes = async (email: string) => {
        const client = clientAt(stack);
        const answers: string[] = [];
        for (let i = 0; i <= FREE; i++) {
          const answer = await plainSignIn(client, email, WRONG);
          answers.push(`${answer.status} ${answer.errors?.[0]?.message ?? answer.data?.signIn.errors[0]?.code}`);
        }
        return answers;
      };
      const real = await codes('kenji.watanabe@acme.local');
      expect(await codes('nobody.at.all@acme.local')).toEqual(real);
      expect(real.at(-1)).toBe('429 Too many attempts. Try again in 10 minutes.');
    });

    it('stops password spraying: one address failing across many accounts is refused, whatever it tries next', async () => {
      const sprayer = clientAt(stack);
      for (let i = 0; i < LIMITS.signIn.perIp.failures; i++) {
        expect((await plainSignIn(sprayer, `sprayed-${i}@acme.local`, WRONG)).status).toBe(200);
      }
      expectRefused(await plainSignIn(sprayer, 'admin@yozy.local', DEMO_PASSWORD), 15, 'signIn-ip');
      // Another address is not affected.
      expect((await plainSignIn(clientAt(stack), 'admin@yozy.local', DEMO_PASSWORD)).data?.signIn.errors).toEqual([]);
    });
  });

  describe('sign-in: every attempt counts however the document is written', () => {
    /** The right password from the same address is refused once the account's failures were all counted. */
    async function expectCountedAgainst(client: GraphQLSession, email: string) {
      expectRefused(await plainSignIn(client, email, DEMO_PASSWORD), 10, 'signIn-account-ip');
    }

    it('counts a sign-in inside an inline fragment', async () => {
      const client = clientAt(stack);
      const query = `mutation($input: SignInInput!) { ... on Mutation { signIn(input: $input) { ${SIGN_IN_FIELDS} } } }`;
      for (let i = 0; i < FREE; i++) {
        const answer = await client.request(query, {
          input: { email: 'laura.rossi@acme.local', password: WRONG, captcha: await client.captcha() },
        });
        expect(answer.status).toBe(200);
      }
      await expectCountedAgainst(client, 'laura.rossi@acme.local');
    });

    it('counts a sign-in inside a named fragment', async () => {
      const client = clientAt(stack);
      const query = `mutation($input: SignInInput!) { ...Attempt }
        fragment Attempt on Mutation { signIn(input: $input) { ${SIGN_IN_FIELDS} } }`;
      for (let i = 0; i < FREE; i++) {
        const answer = await client.request(query, {
          input: { email: 'tom.baker@acme.local', password: WRONG, captcha: await client.captcha() },
        });
        expect(answer.status).toBe(200);
      }
      await expectCountedAgainst(client, 'tom.baker@acme.local');
    });

    it('counts fifteen aliased sign-ins in one document one by one, and runs none past the limit', async () => {
      const client = clientAt(stack);
      const aliases = Array.from({ length: 15 }, (_, i) => i);
      const query = `mutation(${aliases.map((i) => `$c${i}: String!`).join(', ')}) {
        ${aliases.map((i) => `a${i}: signIn(input: { email: "diego.alvarez@acme.local", password: "${WRONG}", captcha: $c${i} }) { ${SIGN_IN_FIELDS} }`).join('\n')}
      }`;
      const variables: Record<string, string> = {};
      for (const i of aliases) variables[`c${i}`] = await client.captcha();
      const answer = (await client.request(query, variables)) as Answer;
      expectRefused(answer, 10, 'signIn-account-ip');
      await expectCountedAgainst(client, 'diego.alvarez@acme.local');
      // The refused alias ended the document: the aliases after it never reached the REST service.
      const [row] = await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM used_captchas WHERE signature = ANY($1)', [
        Object.values(variables).map(
          (c) => (JSON.parse(Buffer.from(c, 'base64').toString()) as { challenge: { signature: string } }).challenge.signature,
        ),
      ]);
      expect(row?.n).toBe(FREE);
    });

    it('counts every email of the document, not only the first (a decoy first hides nothing)', async () => {
      const client = clientAt(stack);
      const query = `mutation($decoy: String!, $real: String!) {
        decoy: signIn(input: { email: "decoy-${nextAddress}@acme.local", password: "${WRONG}", captcha: $decoy }) { ${SIGN_IN_FIELDS} }
        real: signIn(input: { email: "aisha.khan@acme.local", password: "${WRONG}", captcha: $real }) { ${SIGN_IN_FIELDS} }
      }`;
      for (let i = 0; i < FREE; i++) {
        const answer = await client.request(query, { decoy: await client.captcha(), real: await client.captcha() });
        expect(answer.status).toBe(200);
      }
      await expectCountedAgainst(client, 'aisha.khan@acme.local');
    });

    it("counts an email given as a variable's default value", async () => {
      const client = clientAt(stack);
      const query = `mutation($email: String! = "hannah.schmidt@acme.local", $captcha: String!) {
        signIn(input: { email: $email, password: "${WRONG}", captcha: $captcha }) { ${SIGN_IN_FIELDS} }
      }`;
      for (let i = 0; i < FREE; i++) expect((await client.request(query, { captcha: await client.captcha() })).status).toBe(200);
      await expectCountedAgainst(client, 'hannah.schmidt@acme.local');
    });

    it('counts the operation that runs when a document holds several', async () => {
      const client = clientAt(stack);
      const query = `mutation Decoy($captcha: String!) { signIn(input: { email: "decoy@acme.local", password: "x", captcha: $captcha }) { ${SIGN_IN_FIELDS} } }
        mutation Real($captcha: String!) { signIn(input: { email: "elena.petrova@acme.local", password: "${WRONG}", captcha: $captcha }) { ${SIGN_IN_FIELDS} } }`;
      const send = async () =>
        fetch(`${stack.gatewayUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.200' },
          body: JSON.stringify({ query, operationName: 'Real', variables: { captcha: await client.captcha() } }),
        });
      for (let i = 0; i < FREE; i++) expect((await send()).status).toBe(200);
      await expectCountedAgainst(clientAt(stack, '198.51.100.200'), 'elena.petrova@acme.local');
    });

    it('refuses a batched array body, so no sign-in slips through in a batch', async () => {
      const client = clientAt(stack);
      const single = { query: `mutation($input: SignInInput!) { signIn(input: $input) { ${SIGN_IN_FIELDS} } }` };
      const body = [];
      for (let i = 0; i < 3; i++) {
        body.push({
          ...single,
          variables: { input: { email: 'admin@yozy.local', password: DEMO_PASSWORD, captcha: await client.captcha() } },
        });
      }
      const response = await fetch(`${stack.gatewayUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      expect(response.headers.getSetCookie()).toEqual([]);
    });
  });

  describe('the other public mutations: every executed call counts against its address and account', () => {
    const limit = LIMITS.requestPasswordReset.perAccount;
    const resetFields = 'accepted errors { code }';

    /** Reset mails queued for an address: what the attacker was after. */
    async function resetMails(email: string): Promise<number> {
      const [row] = await stack.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM mail_outbox WHERE template = 'reset' AND to_address = $1",
        [email],
      );
      return row?.n ?? 0;
    }

    /** Accounts that get a reset mail when asked, one per test, none used elsewhere in this file. */
    async function resettable(index: number): Promise<string> {
      const rows = await stack.db.query<{ email: string }>(
        `SELECT email FROM client_users
          WHERE is_active AND password_hash IS NOT NULL AND email NOT LIKE 'admin@%' AND email NOT IN ('member@acme.local', 'kenji.watanabe@acme.local')
          ORDER BY user_id DESC`,
      );
      return rows[index]!.email;
    }

    const SHAPES: [shape: string, account: number, document: (email: string, captcha: string, decoyCaptcha: string) => string][] = [
      [
        'an inline fragment',
        0,
        (email, captcha) =>
          `mutation { ... on Mutation { requestPasswordReset(input: { email: "${email}", captcha: "${captcha}" }) { accepted } } }`,
      ],
      [
        'a named fragment',
        1,
        (email, captcha) =>
          `mutation { ...Ask } fragment Ask on Mutation { requestPasswordReset(input: { email: "${email}", captcha: "${captcha}" }) { accepted } }`,
      ],
      [
        "a variable's default",
        2,
        (email, captcha) =>
          `mutation($email: String! = "${email}") { requestPasswordReset(input: { email: $email, captcha: "${captcha}" }) { accepted } }`,
      ],
      [
        'a decoy email first',
        3,
        (email, captcha, decoyCaptcha) => `mutation {
          decoy: requestPasswordReset(input: { email: "decoy-${decoyCaptcha.slice(-12)}@acme.local", captcha: "${decoyCaptcha}" }) { accepted }
          real: requestPasswordReset(input: { email: "${email}", captcha: "${captcha}" }) { accepted }
        }`,
      ],
    ];

    it.each(SHAPES)('mails an address no more than the limit when the request is written with %s', async (_shape, account, document) => {
      const email = await resettable(account);
      const client = clientAt(stack);
      const answers: Answer[] = [];
      for (let i = 0; i <= limit; i++) {
        answers.push((await client.request(document(email, await client.captcha(), await client.captcha()))) as Answer);
      }
      expect(answers.slice(0, limit).map((a) => a.status)).toEqual(Array(limit).fill(200));
      expectRefused(answers[limit]!, 60, 'requestPasswordReset-account');
      expect(await resetMails(email)).toBe(limit);
    });

    it('counts eight aliased reset requests for one address one by one: three mails, then refused', async () => {
      const client = clientAt(stack);
      const email = await resettable(SHAPES.length);
      const aliases: string[] = [];
      for (let i = 0; i < 8; i++) {
        aliases.push(`r${i}: requestPasswordReset(input: { email: "${email}", captcha: "${await client.captcha()}" }) { ${resetFields} }`);
      }
      const answer = (await client.request(`mutation { ${aliases.join('\n')} }`)) as Answer;
      expectRefused(answer, 60, 'requestPasswordReset-account');
      expect(await resetMails(email)).toBe(limit);
    });

    it.each([
      [
        'resetPassword',
        (email: string) => `{ email: "${email}", token: "x", password: "Fresh@456", confirmPassword: "Fresh@456", captcha: "bogus" }`,
        'ok',
      ],
      [
        'setPassword',
        (email: string) =>
          `{ email: "${email}", token: "x", firstName: "A", lastName: "B", password: "Fresh@456", confirmPassword: "Fresh@456", captcha: "bogus" }`,
        'ok',
      ],
      ['requestPasswordReset', (email: string) => `{ email: "${email}", captcha: "bogus" }`, 'accepted'],
    ])('counts aliased %s calls, even ones whose captcha fails', async (operation, input, field) => {
      const client = clientAt(stack);
      const email = `aliased-${operation}@acme.local`;
      const aliases = Array.from(
        { length: limit + 2 },
        (_, i) => `x${i}: ${operation}(input: ${input(email)}) { ${field} errors { code } }`,
      );
      expectRefused((await client.request(`mutation { ${aliases.join('\n')} }`)) as Answer, 60, `${operation}-account`);
      // The account stays limited from anywhere.
      const elsewhere = await clientAt(stack).request(`mutation { ${operation}(input: ${input(email)}) { ${field} } }`);
      expect(refused(elsewhere as Answer)).toBe(true);
    });

    it('counts aliased enquiries for one administrator email', async () => {
      const client = clientAt(stack);
      const input = (i: number) =>
        `{ companyName: "Spam ${i}", adminFirstName: "A", adminLastName: "B", adminEmail: "spam-admin@example.com", contactName: "C", contactEmail: "c@example.com", productId: "1", planId: "1", captcha: "bogus" }`;
      const aliases = Array.from(
        { length: LIMITS.submitEnquiry.perAccount + 1 },
        (_, i) => `e${i}: submitEnquiry(input: ${input(i)}) { enquiryId }`,
      );
      const answer = (await client.request(`mutation { ${aliases.join('\n')} }`)) as Answer;
      if (answer.errors?.[0]?.extensions?.code === 'GRAPHQL_VALIDATION_FAILED') throw new Error(answer.errors[0].message);
      expectRefused(answer, 60, 'submitEnquiry-account');
    });
  });

  it('gives each API key its own limit, before any work', async () => {
    const provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const created = await provider.request<{ createApiKey: { secret: string } }>(
      'mutation { createApiKey(input: { name: "Busy script", access: READ }) { secret } }',
    );
    const tool = new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${created.data!.createApiKey.secret}` });
    for (let i = 0; i < LIMITS.apiKey.perKey; i++) expect((await tool.request('{ viewer { email } }')).status).toBe(200);
    expectRefused((await tool.request('{ viewer { email } }')) as Answer, 60, 'api-key');
    // The provider's own session is not held back by its tool.
    expect((await provider.request('{ viewer { email } }')).status).toBe(200);
  });

  it('gives each provisioning token its own limit at /scim/v2/, answered as a SCIM error with when to try again', async () => {
    const first = await provisionedOrganisation(stack, { serviceToken: TEST_SERVICE_TOKEN });
    const second = await provisionedOrganisation(stack, { serviceToken: TEST_SERVICE_TOKEN });
    for (let i = 0; i < LIMITS.provisioningToken.perToken; i++) expect((await first.scim('GET', '/Users?count=1')).status).toBe(200);
    const refused = await first.scim('GET', '/Users?count=1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ schemas: [SCIM.error], status: '429', detail: 'Too many attempts. Try again in 60 minutes.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(refused.headers.get('ratelimit-policy')).toMatch(/^"provisioning-token";q=3;w=\d+$/);
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Another organisation's token is not held back by it.
    expect((await second.scim('GET', '/Users?count=1')).status).toBe(200);
  });

  it('leaves other operations alone', async () => {
    const answer = await clientAt(stack).request('{ viewer { email } }');
    expect(answer.status).toBe(200);
  });
});
