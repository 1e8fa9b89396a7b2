import { AUDIT_ACTIONS, auditActionLabel } from '@yozy/shared/auditLog';
import { describe, expect, it } from 'vitest';
import { changeText, changeTexts, fieldLabel, readable, recordLabel } from './auditWords';

const NAMES = [
  { kind: 'product', id: '2', name: 'Yozy Lite' },
  { kind: 'product', id: '3', name: 'Yozy Web' },
  { kind: 'user', id: '81', name: 'Wile Coyote' },
  { kind: 'user', id: '82', name: 'Road Runner' },
];

describe('how the audit log reads a change', () => {
  it('shows text without quotes, lists joined, and nothing as a dash', () => {
    expect(readable('"Ops team"')).toBe('Ops team');
    expect(readable('["EU", "US"]')).toBe('EU, US');
    expect(readable('[]')).toBe('—');
    expect(readable('null')).toBe('—');
    expect(readable(null)).toBe('—');
    expect(readable('42')).toBe('42');
  });

  it('says what a field was and became, or only what there is for a record created or removed', () => {
    expect(changeText({ field: 'isActive', before: 'true', after: 'false' })).toBe('Active: Yes → No');
    expect(changeText({ field: 'name', before: null, after: '"Ops"' })).toBe('Name: Ops');
    expect(changeText({ field: 'name', before: '"Ops"', after: null })).toBe('Name: Ops (removed)');
  });

  it('writes days, coded values and yes or no as the console shows them elsewhere', () => {
    expect(changeText({ field: 'validTill', before: '"2026-11-25"', after: '"2027-11-25"' })).toBe('Valid till: 25-11-2026 → 25-11-2027');
    expect(changeText({ field: 'frequency', before: '"MONTHLY"', after: '"YEARLY"' })).toBe('Frequency: Monthly → Yearly');
    expect(readable('["AWAITING_APPROVAL", "EU"]')).toBe('Awaiting approval, EU');
    expect(changeText({ field: 'Status', before: '"ACTIVE"', after: '"DISABLED"' })).toBe('Status: Active → Deactivated');
  });

  it('names the kinds of person, the reasons a session ended and the plan groups in words', () => {
    expect(changeText({ field: 'typeOfUser', before: '"User"', after: '"OrgAdmin"' })).toBe('Type of user: Member → Organization admin');
    expect(changeText({ field: 'typeOfUser', before: null, after: '"SuperAdmin"' })).toBe('Type of user: Provider administrator');
    expect(changeText({ field: 'endReason', before: null, after: '"ended_by_admin"' })).toBe('End reason: Ended by an administrator');
    expect(changeText({ field: 'PlanGroup', before: '"STANDARD"', after: '"MICROSAAS"' })).toBe('Plan group: Standard → Lite');
    expect(changeText({ field: 'Access', before: null, after: '"READ_WRITE"' })).toBe('Access: Read and write');
    expect(changeText({ field: 'VerifiedBy', before: null, after: '"DNS"' })).toBe('Verified by: DNS record');
    expect(changeText({ field: 'someNewReason', before: null, after: '"ended_for_a_reason"' })).toBe('Some new reason: Ended for a reason');
  });

  it('names the records a field holds by id, and says when one is gone', () => {
    expect(changeText({ field: 'productId', before: '2', after: '3' }, NAMES)).toBe('Product: Yozy Lite → Yozy Web');
    expect(changeText({ field: 'ProductId', before: null, after: '2' }, NAMES)).toBe('Product: Yozy Lite');
    expect(changeText({ field: 'addedUserIds', before: null, after: '[81, 82, 99]' }, NAMES)).toBe(
      'People added: Wile Coyote, Road Runner, a deleted person',
    );
    expect(
      changeText({ field: 'roles', before: null, after: '[{"role":"Admin","productId":2},{"role":"User","productId":3}]' }, NAMES),
    ).toBe('Roles: Admin on Yozy Lite, User on Yozy Web');
    expect(readable('{"planId":3,"seats":10}', 'terms', [{ kind: 'plan', id: '3', name: 'Team (Yozy Web)' }])).toBe(
      'Plan: Team (Yozy Web), Seats: 10',
    );
  });

  it('shows a field that did not change as what the change was about, never as a change to itself', () => {
    expect(changeText({ field: 'productId', before: '2', after: '2' }, NAMES)).toBe('Product: Yozy Lite');
    expect(changeText({ field: 'role', before: '"User"', after: '"Admin"' })).toBe('Role: User → Admin');
  });

  it('names fields in words', () => {
    expect(fieldLabel('isActive')).toBe('Active');
    expect(fieldLabel('SessionsEnded')).toBe('Sessions ended');
    expect(fieldLabel('licenceId')).toBe('Licence');
    expect(fieldLabel('IdleTimeoutMinutes')).toBe('Idle timeout minutes');
    expect(fieldLabel('SMTPHost')).toBe('Smtp host');
  });

  it('says a webhook endpoint’s address, events and why it was paused in words', () => {
    expect(changeText({ field: 'url', before: null, after: '"https://hooks.example.com/in"' })).toBe(
      'Address: https://hooks.example.com/in',
    );
    expect(readable('["group.changed","seats.80_percent_used"]', 'events')).toBe('A group changed, 80 % of a product’s seats are used');
    expect(readable('"every event"', 'events')).toBe('Every event');
    expect(changeText({ field: 'pauseReason', before: '"ADMIN"', after: '"FAILING"' })).toBe(
      'Why it was paused: Paused by an admin → Failing for a day',
    );
  });
});

describe('what a removal took away', () => {
  it('reads as it was, without saying "(removed)" of each field', () => {
    const row = {
      changes: [
        { field: 'productId', before: '2', after: null },
        { field: 'role', before: '"Admin"', after: null },
      ],
      names: NAMES,
    };
    expect(changeTexts(row)).toEqual(['Product: Yozy Lite', 'Role: Admin']);
    expect(changeTexts({ changes: [...row.changes, { field: 'isActive', before: 'true', after: 'false' }], names: NAMES })).toEqual([
      'Product: Yozy Lite (removed)',
      'Role: Admin (removed)',
      'Active: Yes → No',
    ]);
  });
});

describe('the record and the action of an entry', () => {
  it('names the record, or says it is gone', () => {
    expect(recordLabel({ entityType: 'user', entityId: '81', entityName: 'Wile Coyote' })).toBe('Wile Coyote');
    expect(recordLabel({ entityType: 'group', entityId: '4', entityName: null })).toBe('A deleted group');
    expect(recordLabel({ entityType: 'api_key', entityId: null, entityName: null })).toBe('API key');
  });

  it('has words for every action, none of them a code', () => {
    for (const [action, words] of Object.entries(AUDIT_ACTIONS)) {
      expect(words, action).toMatch(/^(?:[A-Z][a-z]|API )/);
      expect(words, action).not.toMatch(/[._]|[a-z][A-Z]/);
    }
    expect(auditActionLabel('user.role_change')).toBe('Role changed');
    expect(auditActionLabel('widget.frobnicate_all')).toBe('Widget frobnicate all');
  });
});
