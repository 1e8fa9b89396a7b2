import { describe, expect, it } from 'vitest';
import { sessionFilter } from './sessionFilter';

describe('sessionFilter', () => {
  it('turns the picked days into the first and last instant of those days in the local time zone', () => {
    expect(sessionFilter({ startedFrom: '2026-11-01', startedTo: '2026-11-03' })).toEqual({
      startedFrom: new Date(2026, 10, 1, 0, 0, 0, 0).toISOString(),
      startedTo: new Date(2026, 10, 3, 23, 59, 59, 999).toISOString(),
    });
  });

  it('keeps the status as it is, false included, and leaves out an empty filter', () => {
    expect(sessionFilter({ active: false })).toEqual({ active: false });
    expect(sessionFilter({})).toBeUndefined();
  });
});
