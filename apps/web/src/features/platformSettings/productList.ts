import { defineList, listHref, type ListLink } from '@/lib/listState';
import { platformSectionPath } from './urls';

/** The product master: sorted by name or code. */
export const productList = defineList({
  sortFields: { name: 'NAME', code: 'CODE' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: {},
});

/** The product master, optionally searched, sorted or on a given page. */
export const productListUrl = (link: ListLink<typeof productList> = {}) => listHref(platformSectionPath('products'), productList, link);
