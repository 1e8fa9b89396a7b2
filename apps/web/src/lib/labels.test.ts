import { describe, expect, it } from 'vitest';
import { auditActionLabel, codeLabel, frequencyLabel, frequencyPeriod, USER_STATUS_LABELS } from './labels';

describe('labels', () => {
  it('names billing periods, and any other coded value, in words', () => {
    expect(frequencyLabel('YEARLY')).toBe('Yearly');
    expect(frequencyLabel('MONTHLY')).toBe('Monthly');
    expect(frequencyPeriod('YEARLY')).toBe('year');
    expect(frequencyLabel('QUARTERLY')).toBe('Quarterly');
    expect(codeLabel('AWAITING_APPROVAL')).toBe('Awaiting approval');
  });

  it('calls a deactivated account Deactivated, the word of its action', () => {
    expect(USER_STATUS_LABELS.DISABLED).toBe('Deactivated');
  });

  it('names an audit action in words where it has them, and keeps the code of any other', () => {
    expect(auditActionLabel('user.sign_in_hold_clear')).toBe('Sign-in hold cleared');
    expect(auditActionLabel('group.rename')).toBe('group.rename');
  });
});
