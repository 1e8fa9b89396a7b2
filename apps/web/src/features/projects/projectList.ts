import { parseAsBoolean } from 'nuqs';
import { defineList } from '@/lib/listState';

/** The projects list: by short code, name or age; open or closed ones. Apart from urls.ts, which the router loads first. */
export const projectList = defineList({
  sortFields: { code: 'SHORT_CODE', name: 'NAME', created: 'CREATED_AT' },
  defaultSort: { key: 'code', direction: 'ASC' },
  filters: { isClosed: parseAsBoolean },
});

/** A project's allocations: by the person's name; current or ended ones. */
export const allocationList = defineList({
  sortFields: { name: 'NAME' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { isCurrent: parseAsBoolean },
});
