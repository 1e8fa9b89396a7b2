import { describe, expect, it } from 'vitest';
import { expiryLabel, expiryOf } from './expiry';

describe('licence expiry', () => {
  it.each([
    ['2026-03-01', 'expired', 'Expired'],
    ['2026-03-02', 'soon', 'Expires today'],
    ['2026-03-03', 'soon', 'Expires in 1 day'],
    ['2026-04-01', 'soon', 'Expires in 30 days'],
    ['2026-04-02', 'fine', 'Expires in 31 days'],
  ])('a licence valid till %s is %s on 2026-03-02 ("%s")', (validTill, state, label) => {
    const expiry = expiryOf(validTill, '2026-03-02T23:30:00');
    expect(expiry.state).toBe(state);
    expect(expiryLabel(expiry)).toBe(label);
  });
});
