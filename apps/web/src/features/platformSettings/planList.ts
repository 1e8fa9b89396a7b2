import { parseAsBoolean } from 'nuqs';
import { defineList } from '@/lib/listState';

// Apart from urls.ts, which the router loads on every first visit: the list's parsers load with the screen.

/** The plan master: sorted by name, group, cost or capacity; filtered to plans on sale or retired ones. */
export const planList = defineList({
  sortFields: { name: 'NAME', group: 'PLAN_GROUP', cost: 'COST', capacity: 'CAPACITY' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { retired: parseAsBoolean },
});
