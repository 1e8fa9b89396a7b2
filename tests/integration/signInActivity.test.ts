import { authenticatorCode } from '@yozy/subscription-api/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '@yozy/gateway';
import { factories, FACTORY_PASSWORD, type User } from '../support/factories';
import { GraphQLSession, signedIn, type GraphQLAnswer } from '../support/graphql';
import { DATABASES, type Stack } from '../support/stack';
import { useStack } from '../support/useStack';

// Waits of ten minutes, so nothing a test asserts runs out while a loaded machine is slow.
const STEP = {
  freeFailures: 3,
  waitIncrementMs: 10 * 60_000,
  maxWaitMs: 30 * 60_000,
  failureResetMs: 60 * 60_000,
  perIp: { failures: 100, windowMs: 15 * 60_000 },
  perAccount: { freeFailures: 4 },
};
const LIMITS: RateLimits = { ...DEFAULT_RATE_LIMITS, signIn: STEP, signInCode: STEP };
const WRONG = 'Wrong@123';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

const SIGN_IN = 'mutation ($input: SignInInput!) { signIn(input: $input) { viewer { email } nextStep errors { code } } }';
const VERIFY = 'mutation ($input: SecondFactorInput!) { verifySignInCode(input: $input) { viewer { email } errors { code } } }';
const PERSON = `query ($id: ID!, $organizationId: ID) {
  user(id: $id, organizationId: $organizationId) {
    signInHold { held until holds { kind step address until failures addresses } }
    signInActivity(page: { limit: 20 }) { totalCount nodes { step succeeded outcome ip browser operatingSystem } }
  }
}`;
const CLEAR = `mutation ($organizationId: ID, $userId: ID!) {
  clearSignInHold(organizationId: $organizationId, input: { userId: $userId }) { signInHold { held holds { kind } } errors { code field message } }
}`;

type Hold = { kind: string; step: string; address: string | null; until: string; failures: number; addresses: number };
type Attempt = {
  step: string;
  succeeded: boolean;
  outcome: string;
  ip: string | null;
  browser: string | null;
  operatingSystem: string | null;
};
type PersonData = {
  user: {
    signInHold: { held: boolean; until: string | null; holds: Hold[] };
    signInActivity: { totalCount: number; nodes: Attempt[] };
  } | null;
};
type ClearData = {
  clearSignInHold: { signInHold: { held: boolean } | null; errors: { code: string; field: string | null; message: string }[] };
};

let nextNetwork = 0;
/** A browser never used before, at an address of a network of its own. */
function newBrowser(stack: Stack): GraphQLSession {
  const network = ++nextNetwork;
  return new GraphQLSession(stack.gatewayUrl, { 'x-forwarded-for': `10.77.${network}.9`, 'user-agent': CHROME });
}

async function passwordStep(browser: GraphQLSession, email: string, password: string) {
  return (await browser.request(SIGN_IN, { input: { email, password, captcha: await browser.captcha() } })) as GraphQLAnswer<{
    signIn: { viewer: { email: string } | null; nextStep: string | null; errors: { code: string }[] };
  }>;
}

describe.each(DATABASES)('admins see and clear the holds on a sign-in, on %s', (kind) => {
  const stack = useStack(kind, { rateLimits: LIMITS });

  async function organisationWithPerson() {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    const person = await make.user(organisation, { firstName: 'Nina' });
    return { make, organisation, admin: await signedIn(stack.gatewayUrl, admin.email, FACTORY_PASSWORD), person };
  }

  const read = async (admin: GraphQLSession, person: User, organizationId?: string) =>
    admin.request<PersonData>(PERSON, { id: String(person.userId), organizationId });

  it(
    'shows the guessing and the hold, clears it with an audit entry, and the person signs in again from a new browser',
    { timeout: 120_000 },
    async () => {
      const { admin, person } = await organisationWithPerson();
      // Four wrong passwords from four new browsers: new browsers of the account wait, the right password included.
      for (let i = 0; i < 4; i++)
        expect((await passwordStep(newBrowser(stack), person.email, WRONG)).data?.signIn.errors[0]?.code).toBe('INVALID_CREDENTIALS');
      const refused = await passwordStep(newBrowser(stack), person.email, FACTORY_PASSWORD);
      expect(refused.status).toBe(429);

      const held = await read(admin, person);
      expect(held.errors).toBeUndefined();
      const { signInHold, signInActivity } = held.data!.user!;
      expect(signInHold).toMatchObject({
        held: true,
        holds: [{ kind: 'NEW_BROWSERS', step: 'PASSWORD', address: null, failures: 4, addresses: 4 }],
      });
      const minutesLeft = (Date.parse(signInHold.until!) - Date.now()) / 60_000;
      expect(minutesLeft).toBeGreaterThan(5);
      expect(minutesLeft).toBeLessThanOrEqual(10);
      expect(signInActivity.totalCount).toBe(5);
      expect(signInActivity.nodes.map((attempt) => attempt.outcome)).toEqual([
        'HELD_NEW_BROWSERS',
        'WRONG_PASSWORD',
        'WRONG_PASSWORD',
        'WRONG_PASSWORD',
        'WRONG_PASSWORD',
      ]);
      expect(signInActivity.nodes[0]).toMatchObject({
        step: 'PASSWORD',
        succeeded: false,
        ip: `10.77.${nextNetwork}.9`,
        browser: 'Chrome 130',
        operatingSystem: 'Windows 10',
      });

      const dashboard = await admin.request<{ dashboard: { failedSignInsLastDay: number } }>('{ dashboard { failedSignInsLastDay } }');
      expect(dashboard.data?.dashboard.failedSignInsLastDay).toBe(5);

      const cleared = await admin.request<ClearData>(CLEAR, { userId: String(person.userId) });
      expect(cleared.data?.clearSignInHold).toEqual({ signInHold: { held: false, holds: [] }, errors: [] });
      expect((await read(admin, person)).data?.user?.signInHold).toEqual({ held: false, until: null, holds: [] });

      const audit = await admin.request<{
        auditLog: {
          nodes: {
            actor: { email: string };
            entityId: string;
            ip: string;
            changes: { field: string; before: string | null; after: string | null }[];
          }[];
        };
      }>(
        `{ auditLog(filter: { action: "user.sign_in_hold_clear" }) { nodes { actor { email } entityId ip changes { field before after } } } }`,
      );
      const [entry] = audit.data!.auditLog.nodes;
      expect(entry).toMatchObject({ entityId: String(person.userId), ip: expect.any(String) });
      expect(entry!.changes).toEqual(
        expect.arrayContaining([
          { field: 'heldBack', before: 'true', after: 'false' },
          { field: 'holds', before: JSON.stringify(['new browsers, password step, 4 failures']), after: '[]' },
        ]),
      );

      // Signed in at once from a browser the account has never used, and the page says so.
      const back = await passwordStep(newBrowser(stack), person.email, FACTORY_PASSWORD);
      expect(back.data?.signIn).toMatchObject({ viewer: { email: person.email }, errors: [] });
      expect((await read(admin, person)).data?.user?.signInActivity.nodes[0]).toMatchObject({ outcome: 'SIGNED_IN', succeeded: true });

      // Nothing holds the person back now: a second clearing is refused and audits nothing.
      const again = await admin.request<ClearData>(CLEAR, { userId: String(person.userId) });
      expect(again.data?.clearSignInHold.errors).toEqual([
        { code: 'CONFLICT', field: 'userId', message: expect.stringContaining('is not held back') },
      ]);
    },
  );

  it('holds one address back at the code step, and clearing lets that address finish the same sign-in', { timeout: 120_000 }, async () => {
    const { admin, person } = await organisationWithPerson();
    // The person turns two-factor on from their own session.
    const own = await signedIn(stack.gatewayUrl, person.email, FACTORY_PASSWORD);
    const started = await own.request<{ startTwoFactorEnrolment: { enrolment: { secret: string } } }>(
      'mutation { startTwoFactorEnrolment { enrolment { secret } errors { code } } }',
    );
    const secret = started.data!.startTwoFactorEnrolment.enrolment.secret;
    await own.request('mutation ($code: String!) { confirmTwoFactor(input: { code: $code }) { twoFactor { enabled } errors { code } } }', {
      code: authenticatorCode(secret),
    });

    const browser = newBrowser(stack);
    expect((await passwordStep(browser, person.email, FACTORY_PASSWORD)).data?.signIn.nextStep).toBe('CODE');
    const wrong = authenticatorCode(secret, 20);
    for (let i = 0; i < 3; i++) await browser.request(VERIFY, { input: { code: wrong } });
    expect((await browser.request(VERIFY, { input: { code: authenticatorCode(secret, 1) } })).status).toBe(429);

    const held = (await read(admin, person)).data!.user!;
    expect(held.signInHold.holds).toEqual([
      { kind: 'ONE_ADDRESS', step: 'CODE', address: `10.77.${nextNetwork}.9`, until: expect.any(String), failures: 3, addresses: 1 },
    ]);
    expect(held.signInActivity.nodes.slice(0, 5).map((attempt) => `${attempt.step} ${attempt.outcome}`)).toEqual([
      'CODE HELD_ADDRESS',
      'CODE WRONG_CODE',
      'CODE WRONG_CODE',
      'CODE WRONG_CODE',
      'PASSWORD CODE_ASKED',
    ]);

    expect((await admin.request<ClearData>(CLEAR, { userId: String(person.userId) })).data?.clearSignInHold.errors).toEqual([]);
    const finished = await browser.request<{ verifySignInCode: { viewer: { email: string } | null } }>(VERIFY, {
      input: { code: authenticatorCode(secret, 1) },
    });
    expect(finished.data?.verifySignInCode.viewer).toEqual({ email: person.email });
  });

  it("keeps another organisation's admin away from the person's activity and hold", { timeout: 120_000 }, async () => {
    const { organisation: own, person } = await organisationWithPerson();
    for (let i = 0; i < 4; i++) await passwordStep(newBrowser(stack), person.email, WRONG);
    const stranger = (await organisationWithPerson()).admin;

    const named = await read(stranger, person, String(own.clientId));
    expect(named.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const unnamed = await read(stranger, person);
    expect(unnamed.data?.user ?? null).toBeNull();
    expect(JSON.stringify(unnamed)).not.toContain(person.email);

    const clearNamed = await stranger.request<ClearData>(CLEAR, { organizationId: String(own.clientId), userId: String(person.userId) });
    expect(clearNamed.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const clearUnnamed = await stranger.request<ClearData>(CLEAR, { userId: String(person.userId) });
    expect(clearUnnamed.data?.clearSignInHold).toMatchObject({ signInHold: null, errors: [{ code: 'NOT_FOUND', field: 'userId' }] });

    // Still held back, and nothing audited.
    const audited = await stack.db.query("SELECT 1 FROM audit_log WHERE action = 'user.sign_in_hold_clear' AND entity_id = $1", [
      String(person.userId),
    ]);
    expect(audited).toEqual([]);
    expect(await passwordStep(newBrowser(stack), person.email, FACTORY_PASSWORD)).toMatchObject({ status: 429 });
  });
});
