import { EMAIL_FORMAT_MESSAGE } from '@yozy/shared';
import { describe, expect, it } from 'vitest';
import { resetRequestedText } from './accountMessages';
import { validateResetRequest } from './resetRequestForm';
import { EMAIL_MISSING_MESSAGE } from './signInForm';

describe('validateResetRequest', () => {
  it.each([
    ['', { email: EMAIL_MISSING_MESSAGE }],
    ['kenji@acme', { email: EMAIL_FORMAT_MESSAGE }],
    ['kenji.watanabe@acme.local', {}],
  ])('%j -> %j', (email, expected) => {
    expect(validateResetRequest(email)).toEqual(expected);
  });
});

describe('resetRequestedText', () => {
  it('says the same whether or not the account exists, with the link validity', () => {
    expect(resetRequestedText('a@b.co')).toBe(
      'If an account exists for a@b.co, we have sent a link to reset its password. The link is valid for 8 hours.',
    );
  });
});
