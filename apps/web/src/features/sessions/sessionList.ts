import { parseAsBoolean } from 'nuqs';
import { defineList, parseAsDay } from '@/lib/listState';

// Apart from urls.ts, which the router imports for the path: the sign-in page must not load nuqs.

/**
 * The sessions list: newest first; `active=true` only live sessions, `active=false` only ended ones;
 * `startedFrom`/`startedTo` whole days in the reader's time zone.
 */
export const sessionList = defineList({
  sortFields: { started: 'STARTED_AT', lastSeen: 'LAST_SEEN_AT', ended: 'ENDED_AT' },
  defaultSort: { key: 'started', direction: 'DESC' },
  filters: { active: parseAsBoolean, startedFrom: parseAsDay, startedTo: parseAsDay },
});
