import type { GraphQLResolveInfo } from 'graphql';
import type { FieldMap } from '@yozy/shared';
import type { GatewayContext } from './context';
import type { Profile } from './datasources/types';
import { gatewayError, unauthenticated, userErrorsOf } from './errors';
import type { ErrorCode, UserError } from './generated/schema';
import type { CountedOperation, GuessedOperation } from './rateLimitPolicies';
import type { Outcome } from './rateLimits';
import { recordRefusal, type RefusedStep } from './signInRefusals';

/**
 * Who may call a field, how often, and how its failures are answered, written once beside the
 * field as wrappers around its resolver:
 *
 *   organizations: superAdmin((_parent, args, ctx) => …)
 *
 * The REST service checks the organisation scope again on every call; these guards answer early
 * with the right code and keep resolvers free of access checks, counting and error handling.
 */
type ResolverFn<Result, Parent, Args> = (parent: Parent, args: Args, ctx: GatewayContext, info: GraphQLResolveInfo) => Result;

type Check<Parent, Args> = (viewer: Profile | null, parent: Parent, args: Args) => void;

function guard<Parent, Args>(check: Check<Parent, Args>) {
  return <Result>(resolver: ResolverFn<Result, Parent, Args>) =>
    async (parent: Parent, args: Args, ctx: GatewayContext, info: GraphQLResolveInfo): Promise<Awaited<Result>> => {
      check(await ctx.viewer(), parent, args);
      return await resolver(parent, args, ctx, info);
    };
}

const forbidden = (message: string) => gatewayError('FORBIDDEN', message);

function requireSignedIn(viewer: Profile | null): asserts viewer is Profile {
  if (!viewer) throw unauthenticated();
}

function requireAdmin(viewer: Profile | null): asserts viewer is Profile {
  requireSignedIn(viewer);
  if (viewer.TypeOfUser === 'User') throw forbidden('This is for administrators');
}

/** Any signed-in user, members included. */
export const signedIn = <Result, Parent, Args>(resolver: ResolverFn<Result, Parent, Args>) =>
  guard<Parent, Args>(requireSignedIn)(resolver);

/** Administrators: an organisation's admins and the provider's SuperAdmins; members are refused. */
export const admin = <Result, Parent, Args>(resolver: ResolverFn<Result, Parent, Args>) => guard<Parent, Args>(requireAdmin)(resolver);

/** The provider's SuperAdmins only. */
export const superAdmin = <Result, Parent, Args>(resolver: ResolverFn<Result, Parent, Args>) =>
  guard<Parent, Args>((viewer) => {
    requireAdmin(viewer);
    if (viewer.TypeOfUser !== 'SuperAdmin') throw forbidden('This is for the provider’s administrators');
  })(resolver);

/**
 * The provider's SuperAdmins signed in as themselves: a tool's API key is refused, so a key never
 * makes, lists or revokes keys (a key that could would outlive its own revocation), nor reads what
 * could sign someone in, such as the mail of the outbox. Say so in the field's description.
 */
export const superAdminInPerson = <Result, Parent, Args>(resolver: ResolverFn<Result, Parent, Args>) =>
  superAdmin(async (parent: Parent, args: Args, ctx: GatewayContext, info: GraphQLResolveInfo): Promise<Awaited<Result>> => {
    if (ctx.usesApiKey) throw forbidden('This is for an administrator signed in as themselves, not an API key');
    return (await resolver(parent, args, ctx, info)) as Awaited<Result>;
  });

/**
 * For someone signed in as themselves: what answers a secret a person must keep, such as a webhook
 * endpoint's signing secret, shown once. An API key is refused, as no key ever reads a secret.
 * Wrap it inside the guard that says who may call; say so in the field's description.
 */
export const inPerson =
  <Result, Parent, Args>(resolver: ResolverFn<Result, Parent, Args>) =>
  async (parent: Parent, args: Args, ctx: GatewayContext, info: GraphQLResolveInfo): Promise<Awaited<Result>> => {
    if (ctx.usesApiKey) throw forbidden('This answers a secret, which only a person signed in as themselves is shown, never an API key');
    return await resolver(parent, args, ctx, info);
  };

/**
 * The provider's SuperAdmins, in person or by key, and the API keys of internal tools, including a
 * key that reaches one organisation (the REST service keeps it to that organisation's records);
 * an organisation's admins signed in in person are refused.
 */
export const superAdminOrApiKey = <Result, Parent, Args>(resolver: ResolverFn<Result, Parent, Args>) =>
  admin(async (parent: Parent, args: Args, ctx: GatewayContext, info: GraphQLResolveInfo): Promise<Awaited<Result>> => {
    if (!ctx.usesApiKey && (await ctx.viewer())?.TypeOfUser !== 'SuperAdmin') {
      throw forbidden('This is for the provider’s administrators and API keys');
    }
    return (await resolver(parent, args, ctx, info)) as Awaited<Result>;
  });

/** An organisation's own admins only, on their own organisation: for what is the organisation's say, not the provider's. */
export const organizationAdmin = <Result, Parent, Args>(resolver: ResolverFn<Result, Parent, Args>) =>
  guard<Parent, Args>((viewer) => {
    requireAdmin(viewer);
    if (viewer.TypeOfUser !== 'OrgAdmin') throw forbidden('This is for the organization’s own admins');
  })(resolver);

/** An organisation's admin acts on their own organisation only; a SuperAdmin on any. */
function requireOwnOrganization(viewer: Profile, organizationId: unknown) {
  if (viewer.TypeOfUser !== 'SuperAdmin' && String(organizationId) !== String(viewer.ClientId)) {
    throw forbidden('You can only see and change your own organization');
  }
}

/**
 * Administrators acting on one organisation, named by `idOf`: a SuperAdmin on any, an
 * organisation's admin on their own only; members and signed-out callers are refused.
 */
export const sameOrganization =
  <Parent, Args>(idOf: (args: Args, parent: Parent) => string | number | null | undefined) =>
  <Result>(resolver: ResolverFn<Result, Parent, Args>) =>
    guard<Parent, Args>((viewer, parent, args) => {
      requireAdmin(viewer);
      requireOwnOrganization(viewer, idOf(args, parent));
    })(resolver);

/** Arguments that may name an organisation: as `organizationId`, or as their input's `organizationId`. */
type NamingOrganization = { organizationId?: string | null } | { input?: { organizationId?: string | null } | null };

/**
 * Administrators acting on an organisation the arguments may name (`organizationId`, or
 * `input.organizationId` for a mutation that names it in its input): without one, their own
 * organisation (an OrgAdmin's screens); with one, a SuperAdmin's choice (the provider's
 * organisation tabs) or an OrgAdmin's own, never another. The resolver passes the organisation on
 * to the REST service as it came, which applies the same rule.
 */
export const organizationScoped = <Result, Parent, Args extends NamingOrganization>(resolver: ResolverFn<Result, Parent, Args>) =>
  guard<Parent, Args>((viewer, _parent, args) => {
    requireAdmin(viewer);
    const { organizationId, input } = args as { organizationId?: unknown; input?: { organizationId?: unknown } | null };
    for (const named of [organizationId, input?.organizationId]) if (named != null) requireOwnOrganization(viewer, named);
  })(resolver);

/** The account an attempt names: read from the arguments, or from the caller (the viewer, a sign-in step). */
type AccountOf<Args> = (args: Args, ctx: GatewayContext) => string | Promise<string>;

/**
 * A mutation counted once per executed call against the caller's address and the account it
 * names, however the document is written (aliases, fragments, variables, several operations):
 *
 *   requestPasswordReset: counted('requestPasswordReset', (args) => args.input.email)(async (…) => …)
 */
export const counted =
  <Args>(operation: CountedOperation, accountOf: AccountOf<Args>) =>
  <Result, Parent>(resolver: ResolverFn<Result, Parent, Args>) =>
  async (parent: Parent, args: Args, ctx: GatewayContext, info: GraphQLResolveInfo): Promise<Awaited<Result>> => {
    await ctx.limiter.count(operation, { ip: ctx.clientAddress, account: await accountOf(args, ctx) });
    return await resolver(parent, args, ctx, info);
  };

/**
 * A sign-in step under the brute-force protection: its outcome decides what is counted. The
 * account is the email of the password step, or the person a code step belongs to; the browser's
 * device cookie for it, when it holds one, spares it the failures of others on the account.
 */
export const signInAttempt =
  <Args, Payload>(
    accountOf: AccountOf<Args>,
    outcomeOf: (payload: Payload) => Outcome,
    operation: GuessedOperation = 'signIn',
    /** The step of a sign-in this is, whose refused attempts the person's sign-in activity keeps. */
    recordedAs?: RefusedStep,
  ) =>
  <Parent>(resolver: ResolverFn<Promise<Payload>, Parent, Args>) =>
  async (parent: Parent, args: Args, ctx: GatewayContext, info: GraphQLResolveInfo): Promise<Payload> => {
    const account = await accountOf(args, ctx);
    let ran = false;
    try {
      return await ctx.limiter.signIn(
        { ip: ctx.clientAddress, account, device: ctx.devices.trusted(account) },
        () => {
          ran = true;
          return resolver(parent, args, ctx, info);
        },
        outcomeOf,
        operation,
      );
    } catch (error) {
      // Refused by a hold before it ran: the REST service never saw it, so it is recorded from here.
      if (!ran && recordedAs) await recordRefusal(ctx, recordedAs, account, error);
      throw error;
    }
  };

/**
 * A mutation whose failures the person can act on comes back with them in its payload's `errors`:
 * the resolver answers the payload's other fields when it succeeds (`errors` is then empty); a
 * user error (of the REST service, see errors.ts, or `UserErrors` the resolver throws, or one of
 * the `also` codes) makes the payload `failed` with the errors, naming the input's fields through
 * `fields`; anything else is thrown on.
 *
 *   createRegion: superAdmin(
 *     withUserErrors(FIELDS, { region: null })(async (_parent, { input }, ctx) => ({ region: await … })),
 *   )
 */
export const withUserErrors =
  <Failed extends object>(fields: FieldMap, failed: Failed, also: readonly ErrorCode[] = []) =>
  <Answer extends object, Parent, Args>(resolver: ResolverFn<Promise<Answer>, Parent, Args>) =>
  async (
    parent: Parent,
    args: Args,
    ctx: GatewayContext,
    info: GraphQLResolveInfo,
  ): Promise<(Answer | Failed) & { errors: UserError[] }> => {
    try {
      return { ...(await resolver(parent, args, ctx, info)), errors: [] };
    } catch (error) {
      return { ...failed, errors: userErrorsOf(error, fields, also) };
    }
  };
