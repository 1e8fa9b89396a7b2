import { parseAsString } from 'nuqs';
import type { AuditFilter } from '@/generated/schema';
import { dayEnd, dayStart } from '@/lib/dates';
import { defineList, parseAsDay, type FilterValues } from '@/lib/listState';

// Apart from urls.ts, which the router imports for the path: the sign-in page must not load nuqs.

/**
 * The audit log: newest first; `action` one action such as user.invite, `person` the id of the
 * person who made the changes, `from`/`to` whole days in the reader's time zone.
 */
export const auditList = defineList({
  sortFields: { occurred: 'OCCURRED_AT' },
  defaultSort: { key: 'occurred', direction: 'DESC' },
  filters: { action: parseAsString, person: parseAsString, from: parseAsDay, to: parseAsDay },
});

/** The list's filter as the schema takes it: the days become the first and last instant of those days. */
export function auditFilter(filter: FilterValues<typeof auditList>): AuditFilter | undefined {
  const result: AuditFilter = {};
  if (filter.action) result.action = filter.action;
  if (filter.person) result.actorId = filter.person;
  if (filter.from) result.occurredFrom = dayStart(filter.from);
  if (filter.to) result.occurredTo = dayEnd(filter.to);
  return Object.keys(result).length ? result : undefined;
}
