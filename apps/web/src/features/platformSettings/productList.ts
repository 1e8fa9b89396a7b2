import { defineList } from '@/lib/listState';

/** The product master: sorted by name or code. */
export const productList = defineList({
  sortFields: { name: 'NAME', code: 'CODE' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: {},
});
