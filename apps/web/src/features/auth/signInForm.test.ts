import { describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE, signInOutcome, validateSignIn } from './signInForm';

describe('validateSignIn', () => {
  it.each([
    [
      { email: '', password: '' },
      { email: 'Enter your email address', password: 'Enter your password' },
    ],
    [{ email: '   ', password: 'x' }, { email: 'Enter your email address' }],
    [{ email: 'admin', password: 'x' }, { email: 'Enter a valid email address, like name@company.com' }],
    [{ email: 'admin@yozy', password: 'x' }, { email: 'Enter a valid email address, like name@company.com' }],
    [{ email: 'admin@yozy.local', password: '' }, { password: 'Enter your password' }],
    [{ email: ' admin@yozy.local ', password: 'Admin@123' }, {}],
  ])('%j -> %j', (values, expected) => {
    expect(validateSignIn(values)).toEqual(expected);
  });
});

describe('signInOutcome', () => {
  it('shows one generic message for wrong credentials', () => {
    const outcome = signInOutcome([{ code: 'INVALID_CREDENTIALS', field: null, message: 'whatever the server says' }]);
    expect(outcome).toEqual({ fieldErrors: {}, formError: INVALID_CREDENTIALS_MESSAGE });
  });

  it('puts bad input under its field', () => {
    const outcome = signInOutcome([
      { code: 'BAD_USER_INPUT', field: 'email', message: 'Email is too long' },
      { code: 'BAD_USER_INPUT', field: 'input.password', message: 'Password is required' },
    ]);
    expect(outcome).toEqual({ fieldErrors: { email: 'Email is too long', password: 'Password is required' }, formError: null });
  });

  it('shows other failures above the form', () => {
    const outcome = signInOutcome([{ code: 'FORBIDDEN', field: null, message: 'This account is disabled' }]);
    expect(outcome).toEqual({ fieldErrors: {}, formError: 'This account is disabled' });
  });
});
