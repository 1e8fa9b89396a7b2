import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email';

describe('isEmailAddress', () => {
  it.each([
    ['admin@acme.local', true],
    ['first.last+tag@mail.example.co.uk', true],
    ["o'brien@example.com", true],
    ['admin@localhost', false], // no dotted domain
    ['admin@acme..local', false],
    ['admin@-acme.local', false],
    ['admin acme@acme.local', false],
    ['@acme.local', false],
    ['admin@', false],
    ['', false],
    [`${'a'.repeat(250)}@b.co`, false], // longer than 254 characters
  ])('%s -> %s', (value, expected) => {
    expect(isEmailAddress(value)).toBe(expected);
  });
});
