import { describe, expect, it, vi } from 'vitest';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const RESET = /* GraphQL */ `
  mutation ($input: ResetPasswordInput!) {
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
  mutation ($input: SetPasswordInput!) {
    setPassword(input: $input) {
      ok
      errors {
        code
        field
      }
    }
  }
`;
const REDIRECT = 'query ($email: String!) { productRedirectUrl(email: $email) }';

const reset = { email: 'kenji@acme.local', token: 't0k3n', password: 'Fresh@123', confirmPassword: 'Fresh@124', captcha: 'solved' };

describe('resetPassword', () => {
  it('sends the REST body in the REST names, without the captcha', async () => {
    const resetPassword = vi.fn(async () => ({ pass: true as const, redirectUrl: 'https://app.yozy.local' }));
    const answer = await execute(RESET, { input: reset }, fakeContext({ sources: { account: { resetPassword } } }));
    expect(answer.data).toEqual({ resetPassword: { ok: true, redirectUrl: 'https://app.yozy.local', errors: [] } });
    expect(resetPassword).toHaveBeenCalledWith({ email: reset.email, token: 't0k3n', password: 'Fresh@123', newpassword: 'Fresh@124' });
  });

  it.each([
    ['PASSWORD_MISMATCH', 'newpassword', 'confirmPassword'],
    ['WEAK_PASSWORD', 'password', 'password'],
    ['INVALID_TOKEN', 'token', 'token'],
  ])('answers %s on REST field %s as a payload error on %s', async (code, restField, field) => {
    const resetPassword = vi.fn(() => Promise.reject(restError(400, { code, message: 'Try again', field: restField })));
    const answer = await execute(RESET, { input: reset }, fakeContext({ sources: { account: { resetPassword } } }));
    expect(answer.data).toEqual({ resetPassword: { ok: false, redirectUrl: null, errors: [{ code, field, message: 'Try again' }] } });
  });
});

describe('setPassword', () => {
  it('names the invitation form fields back in GraphQL names', async () => {
    const createUser = vi.fn(() => Promise.reject(restError(400, { code: 'BAD_REQUEST', message: 'Enter it', field: 'lastname' })));
    const input = { ...reset, firstName: 'Kenji', lastName: ' ' };
    const answer = await execute(SET, { input }, fakeContext({ sources: { account: { createUser } } }));
    expect(answer.data).toEqual({ setPassword: { ok: false, errors: [{ code: 'BAD_USER_INPUT', field: 'lastName' }] } });
    expect(createUser).toHaveBeenCalledWith(expect.objectContaining({ firstname: 'Kenji', lastname: ' ', confirmpassword: 'Fresh@124' }));
  });
});

describe('productRedirectUrl', () => {
  it('refuses a signed-out caller without asking the REST service', async () => {
    const answer = await execute(REDIRECT, { email: 'admin@acme.local' }, fakeContext());
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it("passes the REST service's refusal of another organisation's person on as FORBIDDEN", async () => {
    const getProductAddress = vi.fn(() =>
      Promise.reject(
        restError(403, { code: 'FORBIDDEN', message: 'You can only look up people of your own organization', field: 'email' }),
      ),
    );
    const ctx = fakeContext({ viewer: CALLERS.memberOfA, sources: { account: { getProductAddress } } });
    const answer = await execute(REDIRECT, { email: 'admin@globex.local' }, ctx);
    expect(answer.data).toBeNull();
    expect(answer.errors).toEqual([{ message: 'You can only look up people of your own organization', extensions: { code: 'FORBIDDEN' } }]);
  });
});
