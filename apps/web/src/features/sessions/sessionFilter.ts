import type { SessionFilter } from '@/generated/schema';
import { dayEnd, dayStart } from '@/lib/dates';
import type { FilterValues } from '@/lib/listState';
import type { sessionList } from './sessionList';

/**
 * The list's filter as the schema takes it: the days the reader picked become the first and last
 * instant of those days in their own time zone.
 */
export function sessionFilter(filter: FilterValues<typeof sessionList>): SessionFilter | undefined {
  const result: SessionFilter = {};
  if (filter.active !== undefined) result.active = filter.active;
  if (filter.startedFrom) result.startedFrom = dayStart(filter.startedFrom);
  if (filter.startedTo) result.startedTo = dayEnd(filter.startedTo);
  return Object.keys(result).length ? result : undefined;
}
