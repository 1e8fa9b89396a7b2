import { parseAsBoolean } from 'nuqs';
import { defineList, listHref, parseAsDay, type ListLink } from '@/lib/listState';
import { userSessionsPath } from './urls';

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

/** The sessions list, optionally filtered, e.g. to live sessions. */
export const userSessionsUrl = (link: ListLink<typeof sessionList> = {}) => listHref(userSessionsPath, sessionList, link);
