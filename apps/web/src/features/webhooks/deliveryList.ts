import { parseAsStringLiteral } from 'nuqs';
import { defineList } from '@/lib/listState';

export const DELIVERY_STATUSES = ['PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED'] as const;

/** One endpoint's deliveries: newest first; filtered by what became of each. */
export const deliveryList = defineList({
  sortFields: { created: 'CREATED_AT' },
  defaultSort: { key: 'created', direction: 'DESC' },
  filters: { status: parseAsStringLiteral(DELIVERY_STATUSES) },
});
