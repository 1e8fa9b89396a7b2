import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../../context';
import type { SessionRecord } from '../../datasources/types';
import { errorCode, userErrorsOf } from '../../errors';
import type { EndSessionsPayload, Resolvers, SessionFilter, SessionSortField, UserError } from '../../generated/graphql';
import { CHANGE_PASSWORD_REST_FIELDS, toRestFields } from '@yozy/shared';
import { organizationScoped, signedIn } from '../../guards';
import { listPage, type ListSpec } from '../../lists';
import { utcInstant } from '../../scalars';
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

/** The organisation of a mutation's input, under the same guard as a query's `organizationId`. */
const inputScoped =
  <Args extends { input?: { organizationId?: string | null } | null }, Result>(
    resolver: (parent: unknown, args: Args, ctx: GatewayContext, info: GraphQLResolveInfo) => Promise<Result>,
  ) =>
  (parent: unknown, args: Args, ctx: GatewayContext, info: GraphQLResolveInfo) =>
    organizationScoped((_p: unknown, _a: { organizationId?: string | null }) => resolver(parent, args, ctx, info))(
      parent,
      { organizationId: args.input?.organizationId },
      ctx,
      info,
    );

/** Sends an end call, answering what the person can act on (no such session or user here, their own session) in the payload. */
async function ending(call: () => Promise<{ ended: number }>, fields: Record<string, string>): Promise<EndSessionsPayload> {
  try {
    return { endedCount: (await call()).ended, errors: [] };
  } catch (error) {
    if (errorCode(error) === 'NOT_FOUND') {
      const restField = (error as { extensions?: { restField?: string } }).extensions?.restField;
      const field = Object.entries(fields).find(([, rest]) => rest === restField)?.[0] ?? null;
      const notFound: UserError = { code: 'NOT_FOUND', field, message: (error as Error).message };
      return { endedCount: 0, errors: [notFound] };
    }
    return { endedCount: 0, errors: userErrorsOf(error, fields) };
  }
}

/** A whole-number id for the REST body; anything else goes as it came, for the REST service to refuse by name. */
const idValue = (id: string | null | undefined) => (id != null && /^\d{1,15}$/.test(id) ? Number(id) : (id ?? undefined));

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
    endSession: inputScoped(async (_parent, { input }, ctx) =>
      ending(
        () => ctx.dataSources.sessions.endSession({ SessionId: idValue(input.sessionId), ClientId: idValue(input.organizationId) }),
        END_SESSION_FIELDS,
      ),
    ),
    endUserSessions: inputScoped(async (_parent, { input }, ctx) =>
      ending(
        () => ctx.dataSources.sessions.endUserSessions({ UserId: idValue(input.userId), ClientId: idValue(input.organizationId) }),
        END_USER_SESSIONS_FIELDS,
      ),
    ),
    endOtherSessions: inputScoped(async (_parent, args, ctx) =>
      ending(() => ctx.dataSources.sessions.endOtherSessions({ ClientId: idValue(args.input?.organizationId) }), END_OTHER_SESSIONS_FIELDS),
    ),
    // Counted per account and address like the public password flows: a wrong current password is a guess.
    changePassword: signedIn(async (_parent, { input }, ctx) => {
      const viewer = (await ctx.viewer())!;
      await ctx.limiter.count('changePassword', { ip: ctx.clientAddress, account: viewer.OfficialEmail });
      try {
        const { ended } = await ctx.dataSources.sessions.changePassword(toRestFields(CHANGE_PASSWORD_REST_FIELDS, input));
        return { ok: true, endedSessionCount: ended, errors: [] };
      } catch (error) {
        return { ok: false, endedSessionCount: 0, errors: userErrorsOf(error, CHANGE_PASSWORD_REST_FIELDS) };
      }
    }),
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
