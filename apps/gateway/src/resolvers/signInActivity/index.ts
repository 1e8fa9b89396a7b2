import type { GatewayContext } from '#context';
import type { ClientUser } from '#datasources/types';
import { UserErrors } from '#errors';
import type {
  Resolvers,
  SignInAttemptFilter,
  SignInAttemptOutcome,
  SignInAttemptStep,
  SignInHold as SignInHoldAnswer,
} from '#generated/graphql';
import { admin, organizationScoped, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { utcInstant } from '#scalars';
import type { HoldSubject, SignInHold } from '#signInHolds';
import { parseUserAgent } from '#resolvers/sessions/userAgent';

/** The attempts of one person, newest first: the only order, served by the person's index. */
const SIGN_IN_LIST: ListSpec<SignInAttemptFilter, 'OCCURRED_AT'> = {
  search: [],
  filter: { succeeded: ['Succeeded', 'eq'] },
  sort: { OCCURRED_AT: 'OccurredAt' },
  defaultSort: { field: 'OCCURRED_AT', direction: 'DESC' },
};

const STEPS: Record<string, SignInAttemptStep> = {
  password: 'PASSWORD',
  code: 'CODE',
  recovery_code: 'RECOVERY_CODE',
  enrolment: 'ENROLMENT',
  sso: 'SINGLE_SIGN_ON',
};

/** The mutation names the person by `userId`, the REST service by `UserId`. */
const PERSON_REST_FIELDS = { userId: 'UserId' } as const;

/** Whose holds to read: the person's account, and the addresses their recent failures came from (the counters are kept per address). */
async function holdSubject(ctx: GatewayContext, user: ClientUser): Promise<HoldSubject> {
  const since = new Date(Date.now() - ctx.limiter.holdWindowMs);
  const addresses = await ctx.dataSources.signInActivity.failureAddresses(user.ClientUserId, user.ClientId, since);
  return { email: user.OfficialEmail, userId: user.ClientUserId, addresses: addresses.map(({ Ip, Step }) => ({ ip: Ip, step: Step })) };
}

function holdAnswer(holds: SignInHold[]): SignInHoldAnswer {
  return {
    held: holds.length > 0,
    // The holds come longest first.
    until: holds[0]?.until.toISOString() ?? null,
    holds: holds.map((hold) => ({
      kind: hold.kind === 'new_browsers' ? 'NEW_BROWSERS' : 'ONE_ADDRESS',
      step: hold.step === 'password' ? 'PASSWORD' : 'CODE',
      address: hold.address,
      until: hold.until.toISOString(),
      failures: hold.failures,
      addresses: hold.addresses,
    })),
  };
}

/** A person's sign-in activity and the holds on their sign-in, as their admins see them, and clearing the holds. */
export const signInActivityResolvers: Resolvers = {
  Mutation: {
    clearSignInHold: organizationScoped(
      withUserErrors(PERSON_REST_FIELDS, { signInHold: null }, ['NOT_FOUND'])(async (_parent, { organizationId, input }, ctx) => {
        const user = await ctx.dataSources.users.getUser(input.userId, organizationId);
        if (!user) throw new UserErrors([{ code: 'NOT_FOUND', field: 'userId', message: 'There is no such person in this organization' }]);
        const subject = await holdSubject(ctx, user);
        const holds = await ctx.limiter.signInHolds(subject);
        if (!holds.length) {
          const name = `${user.UserFirstname} ${user.UserLastname}`.trim() || user.OfficialEmail;
          throw new UserErrors([{ code: 'CONFLICT', field: 'userId', message: `The sign-in of ${name} is not held back` }]);
        }
        // Audited first (which refuses read-only keys), then the counters are cleared: nothing is let through unrecorded.
        // The person's own organisation, which the read above was scoped to (a SuperAdmin may name none).
        await ctx.dataSources.signInActivity.clearHold(organizationId ?? String(user.ClientId), {
          UserId: user.ClientUserId,
          Holds: holds.map((hold) => ({
            Kind: hold.kind,
            Step: hold.step,
            Address: hold.address,
            Until: hold.until.toISOString(),
            Failures: hold.failures,
          })),
        });
        await ctx.limiter.clearSignInHolds(subject);
        return { signInHold: holdAnswer(await ctx.limiter.signInHolds(subject)) };
      }),
    ),
  },
  User: {
    signInActivity: admin(async (user, args, ctx) => {
      const page = await listPage(args, SIGN_IN_LIST, (params) => {
        params.set('UserId', `eq.${user.ClientUserId}`);
        params.set('ClientId', `eq.${user.ClientId}`);
        return ctx.dataSources.signInActivity.listAttempts(params);
      });
      return {
        ...page,
        nodes: page.nodes.map((row) => {
          const agent = parseUserAgent(row.UserAgent);
          return {
            id: String(row.AttemptId),
            occurredAt: utcInstant(row.OccurredAt),
            step: STEPS[row.Step] ?? 'PASSWORD',
            succeeded: row.Succeeded,
            // The REST service's outcomes are the enum's values in lower case (migration 091 lists them).
            outcome: row.Outcome.toUpperCase() as SignInAttemptOutcome,
            ip: row.Ip,
            userAgent: row.UserAgent,
            browser: agent.browser,
            operatingSystem: agent.operatingSystem,
          };
        }),
      };
    }),
    signInHold: admin(async (user, _args, ctx) => holdAnswer(await ctx.limiter.signInHolds(await holdSubject(ctx, user)))),
  },
};
