import { describe, expect, it } from 'vitest';
import { hasErrors, splitUserErrors } from './userErrors';

describe('splitUserErrors', () => {
  const fields = ['password', 'confirmPassword'] as const;

  it('puts an error under the field it names, with or without an input path', () => {
    const outcome = splitUserErrors(
      [
        { code: 'WEAK_PASSWORD', field: 'password', message: 'too weak' },
        { code: 'PASSWORD_MISMATCH', field: 'input.confirmPassword', message: 'no match' },
      ],
      fields,
    );
    expect(outcome).toEqual({ fieldErrors: { password: 'too weak', confirmPassword: 'no match' }, formError: null });
  });

  it('shows errors of fields the form does not have, and field-less ones, above the form', () => {
    const outcome = splitUserErrors(
      [
        { code: 'CAPTCHA_FAILED', field: 'captcha', message: 'captcha failed' },
        { code: 'INVALID_TOKEN', field: null, message: 'expired' },
      ],
      fields,
    );
    expect(outcome).toEqual({ fieldErrors: {}, formError: 'captcha failed' });
  });

  it('lets the caller rewrite a message', () => {
    const outcome = splitUserErrors([{ code: 'INVALID_TOKEN', field: 'token', message: 'x' }], fields, (e) => `${e.code}!`);
    expect(outcome.formError).toBe('INVALID_TOKEN!');
  });
});

describe('hasErrors', () => {
  it('ignores cleared entries', () => {
    expect(hasErrors({ a: undefined })).toBe(false);
    expect(hasErrors({ a: undefined, b: 'x' })).toBe(true);
  });
});
