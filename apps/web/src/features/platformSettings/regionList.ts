import { parseAsBoolean } from 'nuqs';
import { defineList } from '@/lib/listState';

/** The regions master: sorted by name or code; filtered to offered or retired regions. */
export const regionList = defineList({
  sortFields: { name: 'NAME', code: 'CODE' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { active: parseAsBoolean },
});
