import { describe, expect, it } from 'vitest';
import { checkNewPassword, isStrongPassword, PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE } from './password';

describe('isStrongPassword', () => {
  it.each([
    ['Admin@123', true],
    ['Ab!def', true],
    ['Ab!de', false], // five characters
    ['abcdef!', false], // no uppercase
    ['Abcdefg', false], // no special character
    ['Abcdef?', false], // ? is not one of !@#$%^&*
    ['', false],
  ])('%s -> %s', (password, expected) => {
    expect(isStrongPassword(password)).toBe(expected);
  });
});

describe('checkNewPassword', () => {
  it('reports the rule before the mismatch', () => {
    expect(checkNewPassword('weak', 'other')).toEqual({ field: 'password', message: PASSWORD_RULE_MESSAGE });
  });
  it('reports a mismatch on the confirmation', () => {
    expect(checkNewPassword('Strong@1', 'Strong@2')).toEqual({
      field: 'confirmPassword',
      message: PASSWORD_MISMATCH_MESSAGE,
    });
  });
  it('accepts a strong, matching pair', () => {
    expect(checkNewPassword('Strong@1', 'Strong@1')).toBeNull();
  });
});
