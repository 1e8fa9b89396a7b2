import { describe, expect, it } from 'vitest';
import { planChangesInput, planInput } from './inputs';
import { PLAN_GROUP_LABELS, PLAN_GROUPS, planGroupLabel } from './planGroups';

const plan = (planGroup: unknown) => ({
  productId: '2',
  name: 'Web Growth',
  planGroup,
  cost: '49',
  currency: 'USD',
  frequency: 'MONTHLY',
  capacity: '10',
});

describe('plan groups', () => {
  it('are a closed list with words for each: Lite and Standard', () => {
    expect(PLAN_GROUPS).toEqual(['MICROSAAS', 'STANDARD']);
    expect(PLAN_GROUPS.map(planGroupLabel)).toEqual(['Lite', 'Standard']);
    expect(PLAN_GROUP_LABELS.MICROSAAS).toBe('Lite');
  });

  it('show a group stored before the list was closed as it is', () => {
    expect(planGroupLabel('OLD_TIER')).toBe('OLD_TIER');
  });

  it.each(['MICROSAAS', 'STANDARD'])('accepts %s on a new plan and on a change', (group) => {
    expect(planInput.parse(plan(group)).planGroup).toBe(group);
    expect(planChangesInput.parse({ ...plan(group), productId: undefined }).planGroup).toBe(group);
  });

  it.each(['MICROSAS', 'microsaas', 'Lite', 'ENTERPRISE', '', undefined])('refuses %j, asking for a choice from the list', (group) => {
    const result = planInput.safeParse(plan(group));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['planGroup'], message: 'Choose Lite or Standard' })]);
  });
});
