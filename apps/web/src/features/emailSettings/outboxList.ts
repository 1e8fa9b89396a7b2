import { parseAsStringLiteral } from 'nuqs';
import { defineList } from '@/lib/listState';

export const MAIL_STATUSES = ['QUEUED', 'RETRYING', 'SENT', 'FAILED', 'KEPT'] as const;

/** The provider's outbox: newest first; filtered by what became of each mail. */
export const outboxList = defineList({
  sortFields: { created: 'CREATED_AT' },
  defaultSort: { key: 'created', direction: 'DESC' },
  filters: { status: parseAsStringLiteral(MAIL_STATUSES) },
});
