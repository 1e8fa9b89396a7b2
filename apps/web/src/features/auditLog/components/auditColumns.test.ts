import { describe, expect, it } from 'vitest';
import { auditFilter } from '@/features/auditLog/auditList';
import { changeText, readable } from './auditColumns';

describe('how the audit log reads a change', () => {
  it('shows text without quotes, lists joined, and nothing as a dash', () => {
    expect(readable('"Ops team"')).toBe('Ops team');
    expect(readable('["EU", "US"]')).toBe('EU, US');
    expect(readable('[]')).toBe('—');
    expect(readable('null')).toBe('—');
    expect(readable(null)).toBe('—');
    expect(readable('42')).toBe('42');
    expect(readable('{"planId":3}')).toBe('{"planId":3}');
  });

  it('says what a field was and became, or only what there is for a record created or removed', () => {
    expect(changeText({ field: 'isActive', before: 'true', after: 'false' })).toBe('Is active: Yes → No');
    expect(changeText({ field: 'name', before: null, after: '"Ops"' })).toBe('Name: Ops');
    expect(changeText({ field: 'name', before: '"Ops"', after: null })).toBe('Name: Ops (removed)');
  });

  it('writes days, coded values and yes or no as the console shows them elsewhere', () => {
    expect(changeText({ field: 'validTill', before: '"2026-11-25"', after: '"2027-11-25"' })).toBe('Valid till: 25-11-2026 → 25-11-2027');
    expect(changeText({ field: 'frequency', before: '"MONTHLY"', after: '"YEARLY"' })).toBe('Frequency: Monthly → Yearly');
    expect(readable('["AWAITING_APPROVAL", "EU"]')).toBe('Awaiting approval, EU');
  });
});

describe('auditFilter', () => {
  it('sends the person, the action and whole days, and nothing when nothing is chosen', () => {
    expect(auditFilter({})).toBeUndefined();
    const filter = auditFilter({ action: 'user.invite', person: '7', from: '2026-11-10', to: '2026-11-11' })!;
    expect(filter).toMatchObject({ action: 'user.invite', actorId: '7' });
    expect(new Date(filter.occurredTo!).getTime() - new Date(filter.occurredFrom!).getTime()).toBe(2 * 24 * 60 * 60 * 1000 - 1);
  });
});
