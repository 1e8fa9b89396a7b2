import { parseAsBoolean } from 'nuqs';
import { defineList } from '@/lib/listState';

/** The provider's administrators: sorted by name or email; filtered to those who can sign in or not. */
export const administratorList = defineList({
  sortFields: { name: 'NAME', email: 'EMAIL' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { active: parseAsBoolean },
});
