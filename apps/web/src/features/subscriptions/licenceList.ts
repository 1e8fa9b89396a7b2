import { defineList } from '@/lib/listState';

/**
 * The licence list's sort keys (URL key → the schema's sort field). Kept out of urls.ts, which the
 * router loads with the first screen: a list declaration brings nuqs with it.
 */
export const licenceList = defineList({
  sortFields: { validTill: 'VALID_TILL' },
  defaultSort: { key: 'validTill', direction: 'ASC' },
  filters: {},
});
