import { parseAsBoolean, parseAsString } from 'nuqs';
import { defineList } from '@/lib/listState';

/** The role master: sorted by name; filtered to one product, and to offered or retired roles. */
export const roleList = defineList({
  sortFields: { name: 'NAME' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { active: parseAsBoolean, productId: parseAsString },
});
