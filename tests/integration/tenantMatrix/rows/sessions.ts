import { ONLY_SUPER_ADMIN_MAY, type Operation } from '../../../support/tenantMatrix';
import { sessionsOf } from '../fixtures';

/** Sign-in sessions: the list, and ending one, a person's or everyone else's. */
export const SESSIONS: Record<string, Operation> = {
  'Query.sessions': {
    call: ({ other }) => ({
      document: `query ($organizationId: ID) { sessions(organizationId: $organizationId, page: { limit: 100 }) { totalCount nodes { id userFirstName userLastName userEmail ip } } }`,
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.endSession': {
    // A live session of the other organisation's admin, made for this cell, so ending it signs nobody of the table out.
    call: async ({ db, other }) => {
      const [session] = await db.query<{ id: string }>(
        `INSERT INTO sessions (token_hash, user_id, client_id, expires_at)
         SELECT md5(random()::text), user_id, client_id, now() + interval '1 hour' FROM client_users WHERE lower(email) = lower($1)
         RETURNING session_id::text AS id`,
        [other.adminEmail],
      );
      return {
        document: 'mutation ($input: EndSessionInput!) { endSession(input: $input) { endedCount errors { code } } }',
        variables: { input: { sessionId: session!.id, organizationId: other.id } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: sessionsOf },
  },
  'Mutation.endUserSessions': {
    // The invited user has no session, so a SuperAdmin's call ends nothing the table still needs.
    call: async ({ db, other }) => {
      const [user] = await db.query<{ id: string }>('SELECT user_id::text AS id FROM client_users WHERE lower(email) = lower($1)', [
        other.invitedEmail,
      ]);
      return {
        document: 'mutation ($input: EndUserSessionsInput!) { endUserSessions(input: $input) { endedCount errors { code } } }',
        variables: { input: { userId: user!.id, organizationId: other.id } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: sessionsOf },
  },
  'Mutation.endOtherSessions': {
    // A SuperAdmin acts on an organisation none of the table's callers belongs to, so their sessions survive it.
    call: async ({ db, other, caller }) => {
      const [bystander] = await db.query<{ id: string }>("SELECT client_id::text AS id FROM clients WHERE company_name = 'Initech Ltd'");
      return {
        document: 'mutation ($input: EndOtherSessionsInput) { endOtherSessions(input: $input) { endedCount errors { code } } }',
        variables: { input: { organizationId: caller === 'superAdmin' ? bystander!.id : other.id } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: sessionsOf },
  },
};
