import { defineList } from '@/lib/listState';

/**
 * The group list's sort keys (URL key → the schema's sort field); it has no filters. Kept out of
 * urls.ts, which the router loads with the first screen: a list declaration brings nuqs with it.
 */
export const groupList = defineList({
  sortFields: { name: 'NAME', created: 'CREATED_AT' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: {},
});
