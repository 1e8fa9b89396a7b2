import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { browserWords, holdSentence, SIGN_IN_OUTCOMES } from './signInActivityWords';

const UNTIL = '2026-11-28T18:15:00.000Z';
const hold = { kind: 'NEW_BROWSERS' as const, step: 'PASSWORD' as const, address: null, until: UNTIL, failures: 12, addresses: 7 };

describe('what holds a sign-in back, in a sentence', () => {
  it('says new browsers wait, until when, after how many failures from how many addresses', () => {
    expect(holdSentence(hold)).toBe(
      `Sign-in from new browsers is held back until ${formatDateTime(UNTIL)} after 12 failed attempts from 7 addresses`,
    );
  });

  it('names the address held back, and counts wrong codes at the code step', () => {
    expect(holdSentence({ ...hold, kind: 'ONE_ADDRESS', address: '203.0.113.9', failures: 1, addresses: 1 })).toBe(
      `Sign-in from 203.0.113.9 is held back until ${formatDateTime(UNTIL)} after 1 failed attempt`,
    );
    expect(holdSentence({ ...hold, step: 'CODE', failures: 10, addresses: 1 })).toBe(
      `The two-factor code step from new browsers is held back until ${formatDateTime(UNTIL)} after 10 wrong codes from 1 address`,
    );
  });
});

describe('the browser of an attempt', () => {
  it('is the browser and system read from the agent, the agent itself shortened otherwise, or unknown', () => {
    expect(browserWords({ browser: 'Chrome 130', operatingSystem: 'Windows 10' })).toBe('Chrome 130 on Windows 10');
    expect(browserWords({ browser: null, operatingSystem: null, userAgent: 'curl/8.5.0' })).toBe('curl/8.5.0');
    expect(browserWords({ userAgent: 'x'.repeat(80) })).toBe(`${'x'.repeat(59)}…`);
    expect(browserWords({ userAgent: null })).toBe('Unknown browser');
  });
});

describe('the outcomes of attempts', () => {
  it('read as words, never as the schema’s values', () => {
    for (const [value, words] of Object.entries(SIGN_IN_OUTCOMES)) {
      expect(words.detail).not.toContain('_');
      expect(words.detail.toUpperCase()).not.toBe(value);
    }
  });
});
