import { parseAsBoolean } from 'nuqs';
import { defineList, listHref, type ListLink } from '@/lib/listState';
import { platformSectionPath } from './urls';

// Apart from urls.ts, which the router loads on every first visit: the list's parsers load with the screen.

/** The plan master: sorted by name, group, cost or capacity; filtered to plans on sale or retired ones. */
export const planList = defineList({
  sortFields: { name: 'NAME', group: 'PLAN_GROUP', cost: 'COST', capacity: 'CAPACITY' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { retired: parseAsBoolean },
});

/** The plan master, optionally searched, filtered, sorted or on a given page. */
export const planListUrl = (link: ListLink<typeof planList> = {}) => listHref(platformSectionPath('plans'), planList, link);
