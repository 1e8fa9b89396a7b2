import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EMAIL_FORMAT_MESSAGE } from '../email';
import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE } from '../password';
import {
  CONFIRMATION_MISSING_MESSAGE,
  EMAIL_MISSING_MESSAGE,
  FIRST_NAME_MISSING_MESSAGE,
  LAST_NAME_MISSING_MESSAGE,
  NEW_PASSWORD_MISSING_MESSAGE,
  NEW_PASSWORD_REST_FIELDS,
  newPasswordFields,
  newPasswordInput,
  passwordResetRequestInput,
  passwordRuleCode,
  SET_PASSWORD_REST_FIELDS,
  setPasswordFields,
  setPasswordInput,
  SIGN_IN_PASSWORD_MISSING_MESSAGE,
  signInInput,
  withNewPasswordRule,
} from './account';
import { restSchema } from './fieldMap';

/** Each field's first message, as a form shows them. */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('signInInput', () => {
  it.each([
    [
      { email: '', password: '' },
      { email: EMAIL_MISSING_MESSAGE, password: SIGN_IN_PASSWORD_MISSING_MESSAGE },
    ],
    [{ email: '   ', password: 'x' }, { email: EMAIL_MISSING_MESSAGE }],
    [{ email: 'admin', password: 'x' }, { email: EMAIL_FORMAT_MESSAGE }],
    [{ email: 'admin@yozy', password: 'x' }, { email: EMAIL_FORMAT_MESSAGE }],
    [{ email: 'admin@yozy.local', password: '' }, { password: SIGN_IN_PASSWORD_MISSING_MESSAGE }],
    [
      { email: 42, password: null },
      { email: EMAIL_MISSING_MESSAGE, password: SIGN_IN_PASSWORD_MISSING_MESSAGE },
    ],
    [{ email: 'admin@yozy.local', password: 'weak' }, {}],
  ])('%j -> %j', (values, expected) => {
    expect(fieldErrors(signInInput, values)).toEqual(expected);
  });

  it('trims the email but keeps the password exactly as typed', () => {
    expect(signInInput.parse({ email: ' admin@yozy.local ', password: ' Admin@123 ' })).toEqual({
      email: 'admin@yozy.local',
      password: ' Admin@123 ',
      keepSignedIn: true,
    });
  });

  it('keeps the person signed in unless they say not to, and takes only true or false', () => {
    expect(signInInput.parse({ email: 'a@b.co', password: 'x', keepSignedIn: false }).keepSignedIn).toBe(false);
    expect(fieldErrors(signInInput, { email: 'a@b.co', password: 'x', keepSignedIn: 'no' })).toEqual({
      keepSignedIn: 'Say whether to keep you signed in',
    });
  });

  it('bounds the password so a huge body cannot be hashed', () => {
    expect(fieldErrors(signInInput, { email: 'a@b.co', password: 'A@'.repeat(513) })).toEqual({ password: 'Use at most 1024 characters' });
  });
});

describe('passwordResetRequestInput', () => {
  it.each([
    ['', { email: EMAIL_MISSING_MESSAGE }],
    ['kenji@acme', { email: EMAIL_FORMAT_MESSAGE }],
    ['kenji.watanabe@acme.local', {}],
  ])('%j -> %j', (email, expected) => {
    expect(fieldErrors(passwordResetRequestInput, { email })).toEqual(expected);
  });
});

describe('newPasswordInput', () => {
  it.each([
    [
      { password: '', confirmPassword: '' },
      { password: NEW_PASSWORD_MISSING_MESSAGE, confirmPassword: CONFIRMATION_MISSING_MESSAGE },
    ],
    [
      { password: 'weak', confirmPassword: '' },
      { password: PASSWORD_RULE_MESSAGE, confirmPassword: CONFIRMATION_MISSING_MESSAGE },
    ],
    // The rule comes first: a weak password is not also called a mismatch.
    [{ password: 'weak', confirmPassword: 'other' }, { password: PASSWORD_RULE_MESSAGE }],
    [{ password: 'weak', confirmPassword: 'weak' }, { password: PASSWORD_RULE_MESSAGE }],
    [{ password: 'Strong@1', confirmPassword: '' }, { confirmPassword: CONFIRMATION_MISSING_MESSAGE }],
    [{ password: '', confirmPassword: 'Strong@1' }, { password: NEW_PASSWORD_MISSING_MESSAGE }],
    [{ password: 'Strong@1', confirmPassword: 'Strong@2' }, { confirmPassword: PASSWORD_MISMATCH_MESSAGE }],
    [{ password: 'Strong@1', confirmPassword: 'Strong@1' }, {}],
  ])('%j -> %j', (values, expected) => {
    expect(fieldErrors(newPasswordInput, values)).toEqual(expected);
  });

  it('leaves the pair alone in newPasswordFields, which only requires both', () => {
    expect(newPasswordFields.safeParse({ password: 'weak', confirmPassword: 'other' }).success).toBe(true);
  });
});

describe('setPasswordInput', () => {
  it('requires every field', () => {
    expect(fieldErrors(setPasswordInput, { firstName: ' ', lastName: '', password: '', confirmPassword: '' })).toEqual({
      firstName: FIRST_NAME_MISSING_MESSAGE,
      lastName: LAST_NAME_MISSING_MESSAGE,
      password: NEW_PASSWORD_MISSING_MESSAGE,
      confirmPassword: CONFIRMATION_MISSING_MESSAGE,
    });
  });

  it('applies the password rule next to the missing names', () => {
    expect(
      fieldErrors(setPasswordInput, { firstName: '', lastName: 'Hopper', password: 'First@123', confirmPassword: 'First@124' }),
    ).toEqual({ firstName: FIRST_NAME_MISSING_MESSAGE, confirmPassword: PASSWORD_MISMATCH_MESSAGE });
  });

  it('trims the names and keeps the passwords', () => {
    expect(
      setPasswordInput.parse({ firstName: ' Grace ', lastName: 'Hopper ', password: 'First@123 ', confirmPassword: 'First@123 ' }),
    ).toEqual({ firstName: 'Grace', lastName: 'Hopper', password: 'First@123 ', confirmPassword: 'First@123 ' });
  });

  it('bounds the names as the database columns do', () => {
    expect(fieldErrors(setPasswordFields, { firstName: 'G'.repeat(101), lastName: 'H', password: 'x', confirmPassword: 'x' })).toEqual({
      firstName: 'Use at most 100 characters',
    });
  });
});

describe('the password rule under the REST names', () => {
  const reset = withNewPasswordRule(restSchema(newPasswordFields, NEW_PASSWORD_REST_FIELDS), NEW_PASSWORD_REST_FIELDS);
  const createUser = withNewPasswordRule(restSchema(setPasswordFields, SET_PASSWORD_REST_FIELDS), SET_PASSWORD_REST_FIELDS);
  const issues = (schema: z.ZodType, value: unknown) =>
    (schema.safeParse(value).error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), code: passwordRuleCode(issue) }));

  it.each([
    [{ password: 'weakpass', newpassword: 'weakpass' }, [{ path: 'password', code: 'WEAK_PASSWORD' }]],
    [{ password: 'Fresh@123', newpassword: 'Fresh@124' }, [{ path: 'newpassword', code: 'PASSWORD_MISMATCH' }]],
    [{ password: 'Fresh@123', newpassword: 'Fresh@123' }, []],
  ])("answers %j with %j, the confirmation under the call's own name", (body, expected) => {
    expect(issues(reset, body)).toEqual(expected);
  });

  it("names the set-password call's fields as it does", () => {
    const body = { firstname: 'Grace', lastname: 'Hopper', password: 'Start@123', confirmpassword: 'Start@124' };
    expect(issues(createUser, body)).toEqual([{ path: 'confirmpassword', code: 'PASSWORD_MISMATCH' }]);
    expect(issues(createUser, { ...body, firstname: ' ', confirmpassword: 'Start@123' })).toEqual([{ path: 'firstname', code: null }]);
  });

  it('does not judge a pair whose fields are missing or of the wrong type', () => {
    expect(issues(reset, { password: 'Fresh@123' })).toEqual([{ path: 'newpassword', code: null }]);
    expect(issues(reset, { password: 12, newpassword: 12 })).toEqual([
      { path: 'password', code: null },
      { path: 'newpassword', code: null },
    ]);
  });
});
