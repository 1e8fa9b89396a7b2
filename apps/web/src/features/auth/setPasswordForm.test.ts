import { PASSWORD_MISMATCH_MESSAGE } from '@yozy/shared';
import { describe, expect, it } from 'vitest';
import {
  FIRST_NAME_MISSING_MESSAGE,
  FIRST_NAME_PLACEHOLDER,
  LAST_NAME_MISSING_MESSAGE,
  LAST_NAME_PLACEHOLDER,
  nameFromLink,
  validateSetPassword,
} from './setPasswordForm';
import { CONFIRMATION_MISSING_MESSAGE, PASSWORD_MISSING_MESSAGE } from './newPasswordForm';

describe('nameFromLink', () => {
  it.each([
    ['FN', FIRST_NAME_PLACEHOLDER, ''],
    ['LN', LAST_NAME_PLACEHOLDER, ''],
    [' FN ', FIRST_NAME_PLACEHOLDER, ''],
    ['Grace', FIRST_NAME_PLACEHOLDER, 'Grace'],
    ['LN', FIRST_NAME_PLACEHOLDER, 'LN'], // only a slot's own placeholder is one
    ['fn', FIRST_NAME_PLACEHOLDER, 'fn'],
    [undefined, LAST_NAME_PLACEHOLDER, ''],
  ])('%j in the %s slot -> %j', (value, placeholder, expected) => {
    expect(nameFromLink(value, placeholder)).toBe(expected);
  });
});

describe('validateSetPassword', () => {
  it('requires every field', () => {
    expect(validateSetPassword({ firstName: ' ', lastName: '', password: '', confirmPassword: '' })).toEqual({
      firstName: FIRST_NAME_MISSING_MESSAGE,
      lastName: LAST_NAME_MISSING_MESSAGE,
      password: PASSWORD_MISSING_MESSAGE,
      confirmPassword: CONFIRMATION_MISSING_MESSAGE,
    });
  });

  it('applies the password rule', () => {
    expect(validateSetPassword({ firstName: 'Grace', lastName: 'Hopper', password: 'First@123', confirmPassword: 'First@124' })).toEqual({
      confirmPassword: PASSWORD_MISMATCH_MESSAGE,
    });
  });

  it('accepts a complete form', () => {
    expect(validateSetPassword({ firstName: 'Grace', lastName: 'Hopper', password: 'First@123', confirmPassword: 'First@123' })).toEqual(
      {},
    );
  });
});
