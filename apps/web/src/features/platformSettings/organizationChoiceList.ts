import { parseAsBoolean } from 'nuqs';
import { defineList } from '@/lib/listState';

/** A list of business verticals or client types: sorted by name; filtered to offered or retired entries. */
export const organizationChoiceList = defineList({
  sortFields: { name: 'NAME' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { active: parseAsBoolean },
});
