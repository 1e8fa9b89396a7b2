import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE } from '@yozy/shared';
import { describe, expect, it } from 'vitest';
import { EXPIRED_LINK_MESSAGE } from './accountMessages';
import {
  CONFIRMATION_MISSING_MESSAGE,
  errorsAfterEdit,
  isInvalidLink,
  type NewPasswordErrors,
  PASSWORD_MISSING_MESSAGE,
  passwordFormOutcome,
  validateNewPassword,
} from './newPasswordForm';

describe('validateNewPassword', () => {
  it.each([
    [
      { password: '', confirmPassword: '' },
      { password: PASSWORD_MISSING_MESSAGE, confirmPassword: CONFIRMATION_MISSING_MESSAGE },
    ],
    [
      { password: 'weak', confirmPassword: '' },
      { password: PASSWORD_RULE_MESSAGE, confirmPassword: CONFIRMATION_MISSING_MESSAGE },
    ],
    [{ password: 'weak', confirmPassword: 'weak' }, { password: PASSWORD_RULE_MESSAGE }],
    [{ password: 'Strong@1', confirmPassword: '' }, { confirmPassword: CONFIRMATION_MISSING_MESSAGE }],
    [{ password: 'Strong@1', confirmPassword: 'Strong@2' }, { confirmPassword: PASSWORD_MISMATCH_MESSAGE }],
    [{ password: 'Strong@1', confirmPassword: 'Strong@1' }, {}],
  ])('%j -> %j', (values, expected) => {
    expect(validateNewPassword(values)).toEqual(expected);
  });
});

describe('errorsAfterEdit', () => {
  const mismatch: NewPasswordErrors = { confirmPassword: PASSWORD_MISMATCH_MESSAGE };

  it('clears a mismatch when either password field is edited', () => {
    expect(errorsAfterEdit(mismatch, 'password').confirmPassword).toBeUndefined();
    expect(errorsAfterEdit(mismatch, 'confirmPassword').confirmPassword).toBeUndefined();
  });

  it('clears only the edited field otherwise', () => {
    const errors = { password: PASSWORD_RULE_MESSAGE, confirmPassword: CONFIRMATION_MISSING_MESSAGE, firstName: 'Enter your first name' };
    expect(errorsAfterEdit(errors, 'password')).toEqual({ ...errors, password: undefined });
    expect(errorsAfterEdit(errors, 'firstName')).toEqual({ ...errors, firstName: undefined });
  });

  it('keeps a mismatch when another field is edited', () => {
    expect(errorsAfterEdit<'firstName' | 'confirmPassword'>({ ...mismatch, firstName: 'x' }, 'firstName').confirmPassword).toBe(
      PASSWORD_MISMATCH_MESSAGE,
    );
  });
});

describe('passwordFormOutcome', () => {
  const fields = ['password', 'confirmPassword'] as const;

  it('places the server rule errors under their fields', () => {
    const outcome = passwordFormOutcome(
      [
        { code: 'WEAK_PASSWORD', field: 'password', message: PASSWORD_RULE_MESSAGE },
        { code: 'PASSWORD_MISMATCH', field: 'confirmPassword', message: PASSWORD_MISMATCH_MESSAGE },
      ],
      fields,
    );
    expect(outcome).toEqual({
      fieldErrors: { password: PASSWORD_RULE_MESSAGE, confirmPassword: PASSWORD_MISMATCH_MESSAGE },
      formError: null,
    });
  });

  it('shows a refused link as the expired-link message', () => {
    const errors = [{ code: 'INVALID_TOKEN', field: 'token', message: 'Link refused' }];
    expect(passwordFormOutcome(errors, fields)).toEqual({ fieldErrors: {}, formError: EXPIRED_LINK_MESSAGE });
    expect(isInvalidLink(errors)).toBe(true);
    expect(isInvalidLink([{ code: 'CAPTCHA_FAILED', field: 'captcha', message: 'x' }])).toBe(false);
  });
});
