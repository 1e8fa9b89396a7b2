import { describe, expect, it } from 'vitest';
import { issueToken } from '@yozy/subscription-api';
import { factories } from '../support/factories';
import { GraphQLSession } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

type Problem = { code: string; field: string | null; message: string };
type ResetData = { resetPassword: { ok: boolean; redirectUrl: string | null; errors: Problem[] } };
type SetData = { setPassword: { ok: boolean; redirectUrl: string | null; errors: Problem[] } };

const RESET = /* GraphQL */ `
  mutation Reset($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      ok
      redirectUrl
      errors {
        code
        field
        message
      }
    }
  }
`;
const SET = /* GraphQL */ `
  mutation Set($input: SetPasswordInput!) {
    setPassword(input: $input) {
      ok
      redirectUrl
      errors {
        code
        field
        message
      }
    }
  }
`;
const REQUEST = /* GraphQL */ `
  mutation Request($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      accepted
      errors {
        code
        field
      }
    }
  }
`;
const VERIFY = /* GraphQL */ `
  query Verify($email: String!, $token: String!) {
    verifyPasswordResetLink(email: $email, token: $token)
  }
`;

const RULE = 'Password must contain at least one uppercase letter, one special character, and be at least 6 characters long';
const MISMATCH = 'Passwords do not match. Please try again.';
const EXPIRED = 'The URL you are trying to use has expired';

describe.each(DATABASES)('public account flows on %s', (kind) => {
  const stack = useStack(kind);

  async function userOf(email: string) {
    const [row] = await stack.db.query<{ user_id: number; email: string }>('SELECT user_id, email FROM client_users WHERE email = $1', [
      email,
    ]);
    return row!;
  }

  async function linkFor(email: string, purpose: 'reset' | 'invite') {
    const user = await userOf(email);
    return issueToken(stack.db, { userId: user.user_id, email: user.email, purpose });
  }

  async function reset(
    email: string,
    token: string,
    password: string,
    confirmPassword = password,
    session = new GraphQLSession(stack.gatewayUrl),
  ) {
    const input = { email, token, password, confirmPassword, captcha: await session.captcha() };
    return (await session.request<ResetData>(RESET, { input })).data!.resetPassword;
  }

  describe('resetPassword', () => {
    it('sets the new password, ends every session, mails a notice, and signs nobody in', async () => {
      const email = 'marcus.lee@acme.local';
      const before = new GraphQLSession(stack.gatewayUrl);
      expect((await before.signIn(email)).data?.signIn.errors).toEqual([]);
      const token = await linkFor(email, 'reset');

      const session = new GraphQLSession(stack.gatewayUrl);
      expect((await session.request(VERIFY, { email, token })).data).toEqual({ verifyPasswordResetLink: true });
      const answer = await reset(email, token, 'Fresh@456', 'Fresh@456', session);

      expect(answer).toEqual({ ok: true, redirectUrl: 'https://app.yozy.local', errors: [] });
      expect(session.cookies.has('token_org')).toBe(false);
      expect((await before.request('{ viewer { email } }')).data).toEqual({ viewer: null });
      expect((await new GraphQLSession(stack.gatewayUrl).signIn(email, 'Admin@123')).data?.signIn.errors[0]?.code).toBe(
        'INVALID_CREDENTIALS',
      );
      expect((await new GraphQLSession(stack.gatewayUrl).signIn(email, 'Fresh@456')).data?.signIn.errors).toEqual([]);
      const mails = await stack.db.query<{ template: string }>('SELECT template FROM mail_outbox WHERE to_address = $1 ORDER BY mail_id', [
        email,
      ]);
      expect(mails.map((m) => m.template)).toContain('password_changed');
    });

    it('sends a MICROSAAS customer to the lite product', async () => {
      const email = 'mindy.simmons@globex.local';
      expect((await reset(email, await linkFor(email, 'reset'), 'Fresh@456')).redirectUrl).toBe('https://lite.yozy.local');
    });

    it('refuses a link used before, and voids older links once one is used', async () => {
      const email = 'elena.petrova@acme.local';
      const older = await linkFor(email, 'reset');
      const newer = await linkFor(email, 'reset');
      expect((await reset(email, newer, 'Fresh@456')).ok).toBe(true);

      for (const token of [newer, older]) {
        const again = await reset(email, token, 'Other@789');
        expect(again).toEqual({ ok: false, redirectUrl: null, errors: [{ code: 'INVALID_TOKEN', field: 'token', message: EXPIRED }] });
      }
    });

    it('refuses a link 8 hours and 1 second old', async () => {
      const email = 'tom.baker@acme.local';
      const token = await linkFor(email, 'reset');
      await stack.db.query(
        "UPDATE user_tokens SET created_at = now() - interval '8 hours 1 second', expires_at = now() - interval '1 second' WHERE email = $1",
        [email],
      );
      expect((await new GraphQLSession(stack.gatewayUrl).request(VERIFY, { email, token })).data).toEqual({
        verifyPasswordResetLink: false,
      });
      expect((await reset(email, token, 'Fresh@456')).errors[0]?.code).toBe('INVALID_TOKEN');
    });

    it("refuses another email's link", async () => {
      const token = await linkFor('aisha.khan@acme.local', 'reset');
      expect((await reset('admin@acme.local', token, 'Fresh@456')).errors[0]).toMatchObject({ code: 'INVALID_TOKEN', message: EXPIRED });
      expect((await new GraphQLSession(stack.gatewayUrl).signIn('admin@acme.local')).data?.signIn.errors).toEqual([]);
    });

    it("refuses a weak password and a mismatch with the specification's messages, keeping the link good", async () => {
      const email = 'diego.alvarez@acme.local';
      const token = await linkFor(email, 'reset');
      expect((await reset(email, token, 'weakpass')).errors).toEqual([{ code: 'WEAK_PASSWORD', field: 'password', message: RULE }]);
      expect((await reset(email, token, 'Fresh@456', 'Fresh@457')).errors).toEqual([
        { code: 'PASSWORD_MISMATCH', field: 'confirmPassword', message: MISMATCH },
      ]);
      expect((await reset(email, token, 'Fresh@456')).ok).toBe(true);
    });

    it('refuses a missing and a replayed captcha and changes nothing', async () => {
      const email = 'hannah.schmidt@acme.local';
      const token = await linkFor(email, 'reset');
      const session = new GraphQLSession(stack.gatewayUrl);
      const missing = await session.request<ResetData>(RESET, {
        input: { email, token, password: 'Fresh@456', confirmPassword: 'Fresh@456', captcha: '' },
      });
      expect(missing.data?.resetPassword.errors[0]).toMatchObject({ code: 'CAPTCHA_FAILED', field: 'captcha' });

      const captcha = await session.captcha();
      const weak = await session.request<ResetData>(RESET, { input: { email, token, password: 'weak', confirmPassword: 'weak', captcha } });
      expect(weak.data?.resetPassword.errors[0]?.code).toBe('WEAK_PASSWORD');
      const replayed = await session.request<ResetData>(RESET, {
        input: { email, token, password: 'Fresh@456', confirmPassword: 'Fresh@456', captcha },
      });
      expect(replayed.data?.resetPassword.errors[0]).toMatchObject({ code: 'CAPTCHA_FAILED' });
      expect((await session.request(VERIFY, { email, token })).data).toEqual({ verifyPasswordResetLink: true });
    });
  });

  describe('requestPasswordReset', () => {
    it('answers the same for an existing and an unknown account, and mails only the existing one', async () => {
      const session = new GraphQLSession(stack.gatewayUrl);
      const ask = async (email: string) => {
        // Solving the proof of work is the caller's time, and random: only the answer is timed.
        const captcha = await session.captcha();
        const started = Date.now();
        const answer = await session.request<{ requestPasswordReset: unknown }>(REQUEST, { input: { email, captcha } });
        return { data: answer.data, ms: Date.now() - started };
      };
      // A fresh stack's first reset request pays for warming up, which is not what is compared here.
      await ask('tom.baker@acme.local');
      const known = await ask('kenji.watanabe@acme.local');
      const unknown = await ask('nobody@acme.local');

      expect(known.data).toEqual(unknown.data);
      expect(known.data).toEqual({ requestPasswordReset: { accepted: true, errors: [] } });
      expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(300);
      const mails = await stack.db.query<{ to_address: string; text_body: string }>(
        "SELECT to_address, text_body FROM mail_outbox WHERE template = 'reset' AND to_address IN ('kenji.watanabe@acme.local', 'nobody@acme.local')",
      );
      expect(mails.map((m) => m.to_address)).toEqual(['kenji.watanabe@acme.local']);
      expect(mails[0]?.text_body).toContain(`${stack.gatewayUrl}/forgotpassword/`);
      expect(mails[0]?.text_body).toMatch(/\/forgotpassword\/[A-Za-z0-9_-]{43}\/kenji\.watanabe%40acme\.local/);
    });

    it('refuses without a captcha and sends nothing', async () => {
      const session = new GraphQLSession(stack.gatewayUrl);
      const answer = await session.request<{ requestPasswordReset: { accepted: boolean; errors: Problem[] } }>(REQUEST, {
        input: { email: 'laura.rossi@acme.local', captcha: '' },
      });
      expect(answer.data?.requestPasswordReset).toMatchObject({ accepted: false, errors: [{ code: 'CAPTCHA_FAILED', field: 'captcha' }] });
      expect(await stack.db.query("SELECT 1 FROM mail_outbox WHERE to_address = 'laura.rossi@acme.local'")).toEqual([]);
    });
  });

  describe('setPassword', () => {
    async function set(input: Record<string, string>, session = new GraphQLSession(stack.gatewayUrl)) {
      return (await session.request<SetData>(SET, { input: { captcha: await session.captcha(), ...input } })).data!.setPassword;
    }

    it('refuses bad input without using the invitation, then lets the invited user in', async () => {
      const make = factories(stack.db);
      const invited = await make.user((await make.organisationWithAdmin()).organisation, { invited: true });
      const token = await make.linkToken(invited, 'invite');
      const base = {
        email: invited.email,
        token,
        firstName: 'Gracie',
        lastName: 'Hopper',
        password: 'First@123',
        confirmPassword: 'First@123',
      };

      expect((await set({ ...base, password: 'short', confirmPassword: 'short' })).errors).toEqual([
        { code: 'WEAK_PASSWORD', field: 'password', message: RULE },
      ]);
      expect((await set({ ...base, confirmPassword: 'First@124' })).errors).toEqual([
        { code: 'PASSWORD_MISMATCH', field: 'confirmPassword', message: MISMATCH },
      ]);
      expect((await set({ ...base, firstName: ' ' })).errors[0]).toMatchObject({ code: 'BAD_USER_INPUT', field: 'firstName' });
      expect((await set({ ...base, email: 'admin@acme.local' })).errors[0]?.code).toBe('INVALID_TOKEN');
      expect((await set({ ...base, captcha: '' })).errors[0]?.code).toBe('CAPTCHA_FAILED');

      expect(await set(base)).toEqual({ ok: true, redirectUrl: 'https://app.yozy.local', errors: [] });
      expect((await set(base)).errors[0]?.code).toBe('INVALID_TOKEN');
      const session = await new GraphQLSession(stack.gatewayUrl).signIn(invited.email, 'First@123');
      expect(session.data?.signIn.errors).toEqual([]);
      const [row] = await stack.db.query<{ first_name: string }>('SELECT first_name FROM client_users WHERE email = $1', [invited.email]);
      expect(row?.first_name).toBe('Gracie');
    });

    it('sends an invited user of a lite plan to the lite product', async () => {
      const make = factories(stack.db);
      const { organisation } = await make.organisationWithAdmin();
      const lite = await make.plan({ planGroup: 'MICROSAAS', domain: 'https://lite.factory.test' });
      await make.licence(organisation, { plan: lite });
      const invited = await make.user(organisation, { invited: true });
      await make.role(invited, lite);

      const token = await make.linkToken(invited, 'invite');
      const answer = await set({
        email: invited.email,
        token,
        firstName: 'Lee',
        lastName: 'Lite',
        password: 'First@123',
        confirmPassword: 'First@123',
      });
      expect(answer).toEqual({ ok: true, redirectUrl: 'https://lite.factory.test', errors: [] });
    });

    it('refuses a reset link for an invitation and an expired invitation', async () => {
      const make = factories(stack.db);
      const invited = await make.user((await make.organisationWithAdmin()).organisation, { invited: true });
      const base = { email: invited.email, firstName: 'A', lastName: 'B', password: 'First@123', confirmPassword: 'First@123' };
      expect((await set({ ...base, token: await make.linkToken(invited, 'reset') })).errors[0]?.code).toBe('INVALID_TOKEN');
      expect((await set({ ...base, token: await make.linkToken(invited, 'invite', { expired: true }) })).errors[0]?.code).toBe(
        'INVALID_TOKEN',
      );
    });
  });
});
