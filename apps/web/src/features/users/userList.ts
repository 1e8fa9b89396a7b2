import { parseAsStringLiteral } from 'nuqs';
import { defineList } from '@/lib/listState';

export const USER_STATUSES = ['ACTIVE', 'INVITED', 'AWAITING_APPROVAL', 'DISABLED', 'DELETED'] as const;

/**
 * The users list's sort keys (URL key → the schema's sort field) and its status filter. Apart
 * from urls.ts, which the router loads on the first visit: the filter's parser would bring the
 * URL-state library into the sign-in screen's download.
 */
export const userList = defineList({
  sortFields: { name: 'NAME', email: 'EMAIL', department: 'DEPARTMENT', created: 'CREATED_AT' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { status: parseAsStringLiteral(USER_STATUSES) },
});

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'EXPIRED', 'REVOKED', 'DEACTIVATED'] as const;

/** The invitations list: newest first, filtered by status. It shares the address's list keys with the users list, one shown at a time. */
export const invitationList = defineList({
  sortFields: { sent: 'SENT_AT' },
  defaultSort: { key: 'sent', direction: 'DESC' },
  filters: { status: parseAsStringLiteral(INVITATION_STATUSES) },
});
