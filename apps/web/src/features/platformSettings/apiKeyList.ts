import { parseAsBoolean } from 'nuqs';
import { defineList } from '@/lib/listState';

/** API keys: newest first, or by name; filtered to keys that work or revoked ones. */
export const apiKeyList = defineList({
  sortFields: { created: 'CREATED_AT', name: 'NAME' },
  defaultSort: { key: 'created', direction: 'DESC' },
  filters: { active: parseAsBoolean },
});
