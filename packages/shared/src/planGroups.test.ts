import { describe, expect, it } from 'vitest';
import { planGroupLabel } from './planGroups';

describe('planGroupLabel', () => {
  it('names the groups the provider offers in words, and any other as a word', () => {
    expect(planGroupLabel('MICROSAAS')).toBe('Lite');
    expect(planGroupLabel('STANDARD')).toBe('Standard');
    expect(planGroupLabel('ENTERPRISE_PLUS')).toBe('Enterprise plus');
  });
});
