import type { GatewayContext } from '#context';
import type { SessionRecord } from '#datasources/types';
import type { MutationChangePasswordArgs, Resolvers, SessionFilter, SessionSortField } from '#generated/graphql';
import { CHANGE_PASSWORD_REST_FIELDS, toRestFields } from '@yozy/shared';
import { counted, organizationScoped, signedIn, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { utcInstant } from '#scalars';
import { parseUserAgent } from './userAgent';

/** GraphQL input names → the REST service's, for the bodies and for naming a refused field. */
const END_SESSION_FIELDS = { sessionId: 'SessionId', organizationId: 'ClientId' };
const END_USER_SESSIONS_FIELDS = { userId: 'UserId', organizationId: 'ClientId' };
const END_OTHER_SESSIONS_FIELDS = { organizationId: 'ClientId' };

const SESSION_LIST: ListSpec<SessionFilter, SessionSortField> = {
  search: ['UserFirstname', 'UserLastname', 'OfficialEmail', 'Ip'],
  filter: {
    active: ['Active', 'eq'],
    userId: ['UserId', 'eq'],
    startedFrom: ['StartedAt', 'gte'],
    startedTo: ['StartedAt', 'lte'],
  },
  sort: { STARTED_AT: 'StartedAt', LAST_SEEN_AT: 'LastSeenAt', ENDED_AT: 'EndedAt' },
  defaultSort: { field: 'STARTED_AT', direction: 'DESC' },
};

/** The organisation a call acts on: the one named, or the caller's own (the guard has checked it may). */
async function organizationOf(ctx: GatewayContext, named: string | null | undefined): Promise<string> {
  if (named != null) return String(named);
  const viewer = await ctx.viewer();
  return String(viewer!.ClientId);
}

/** What an end call that was refused answers beside its errors. */
const NONE_ENDED = { endedCount: 0 };

/** A whole-number id for the REST body; anything else goes as it came, for the REST service to refuse by name. */
const idValue = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : id);

export const sessionListResolvers: Resolvers = {
  Query: {
    sessions: organizationScoped(async (_parent, args, ctx) => {
      const organizationId = await organizationOf(ctx, args.organizationId);
      return listPage(args, SESSION_LIST, (params) => {
        params.set('ClientId', `eq.${organizationId}`);
        return ctx.dataSources.sessions.listSessions(params);
      });
    }),
  },
  Mutation: {
    // No such session or user here, and one's own session, are for the person to act on.
    endSession: organizationScoped(
      withUserErrors(END_SESSION_FIELDS, NONE_ENDED, ['NOT_FOUND'])(async (_parent, { input }, ctx) => {
        const { ended } = await ctx.dataSources.sessions.endSession(input.organizationId, { SessionId: idValue(input.sessionId) });
        return { endedCount: ended };
      }),
    ),
    endUserSessions: organizationScoped(
      withUserErrors(END_USER_SESSIONS_FIELDS, NONE_ENDED, ['NOT_FOUND'])(async (_parent, { input }, ctx) => {
        const { ended } = await ctx.dataSources.sessions.endUserSessions(input.organizationId, { UserId: idValue(input.userId) });
        return { endedCount: ended };
      }),
    ),
    endOtherSessions: organizationScoped(
      withUserErrors(END_OTHER_SESSIONS_FIELDS, NONE_ENDED, ['NOT_FOUND'])(async (_parent, args, ctx) => {
        const { ended } = await ctx.dataSources.sessions.endOtherSessions(args.input?.organizationId);
        return { endedCount: ended };
      }),
    ),
    // Counted per account and address like the public password flows: a wrong current password is a guess.
    changePassword: signedIn(
      counted(
        'changePassword',
        async (_args: MutationChangePasswordArgs, ctx: GatewayContext) => (await ctx.viewer())!.OfficialEmail,
      )(
        withUserErrors(CHANGE_PASSWORD_REST_FIELDS, { ok: false, endedSessionCount: 0 })(async (_parent, { input }, ctx) => {
          const { ended } = await ctx.dataSources.sessions.changePassword(toRestFields(CHANGE_PASSWORD_REST_FIELDS, input));
          return { ok: true, endedSessionCount: ended };
        }),
      ),
    ),
  },
  Session: {
    id: (row) => String(row.SessionId),
    userId: (row) => String(row.UserId),
    userFirstName: (row) => row.UserFirstname,
    userLastName: (row) => row.UserLastname,
    userEmail: (row) => row.OfficialEmail,
    ip: (row) => row.Ip,
    userAgent: (row) => row.UserAgent,
    browser: (row) => parseUserAgent(row.UserAgent).browser,
    operatingSystem: (row) => parseUserAgent(row.UserAgent).operatingSystem,
    device: (row) => parseUserAgent(row.UserAgent).device,
    startedAt: (row) => utcInstant(row.StartedAt),
    lastSeenAt: (row) => utcInstant(row.LastSeenAt),
    endedAt: (row) => utcInstant(row.EndedAt),
    endReason: (row) => row.EndReason,
    expiresAt: (row) => utcInstant(row.ExpiresAt),
    active: (row) => row.Active,
    current: (row) => row.Current,
  },
};

export type { SessionRecord };
