import { parseAsBoolean } from 'nuqs';
import { defineList, listHref, type ListLink } from '@/lib/listState';
import { platformSectionPath } from './urls';

/** The regions master: sorted by name or code; filtered to offered or retired regions. */
export const regionList = defineList({
  sortFields: { name: 'NAME', code: 'CODE' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { active: parseAsBoolean },
});

/** The regions master, optionally searched, filtered, sorted or on a given page. */
export const regionListUrl = (link: ListLink<typeof regionList> = {}) => listHref(platformSectionPath('regions'), regionList, link);
