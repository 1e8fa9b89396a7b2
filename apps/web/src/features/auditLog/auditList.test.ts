import { describe, expect, it } from 'vitest';
import { auditFilter } from '@/features/auditLog/auditList';

describe('auditFilter', () => {
  it('sends the person, the action and whole days, and nothing when nothing is chosen', () => {
    expect(auditFilter({})).toBeUndefined();
    const filter = auditFilter({ action: 'user.invite', person: '7', from: '2026-11-10', to: '2026-11-11' })!;
    expect(filter).toMatchObject({ action: 'user.invite', actorId: '7' });
    expect(new Date(filter.occurredTo!).getTime() - new Date(filter.occurredFrom!).getTime()).toBe(2 * 24 * 60 * 60 * 1000 - 1);
  });
});
