import { EMAIL_FORMAT_MESSAGE } from '@yozy/shared';
import { describe, expect, it } from 'vitest';
import { emailError, requiredError } from './formChecks';

describe('emailError', () => {
  it.each([
    ['', 'missing'],
    ['   ', 'missing'],
    ['kenji', EMAIL_FORMAT_MESSAGE],
    ['kenji@acme', EMAIL_FORMAT_MESSAGE],
    [' kenji.watanabe@acme.local ', undefined],
  ])('%j -> %j', (value, expected) => {
    expect(emailError(value, 'missing')).toBe(expected);
  });
});

describe('requiredError', () => {
  it('refuses blanks and accepts text', () => {
    expect(requiredError('  ', 'missing')).toBe('missing');
    expect(requiredError(' Acme ', 'missing')).toBeUndefined();
  });
});
