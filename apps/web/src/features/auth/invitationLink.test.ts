import { FIRST_NAME_PLACEHOLDER, LAST_NAME_PLACEHOLDER } from '@yozy/shared';
import { describe, expect, it } from 'vitest';
import { nameFromLink } from './invitationLink';

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
