import type { GatewayContext } from '#context';
import { personAccount } from '#deviceCookies';
import type { Profile, RestAnswerOf, SignInChallenge } from '#datasources/types';
import { UserErrors, userErrorsOf } from '#errors';
import type {
  MutationConfirmSignInEnrolmentArgs,
  MutationConfirmTwoFactorArgs,
  MutationDisableTwoFactorArgs,
  MutationVerifySignInCodeArgs,
  Resolvers,
  SignInStep,
  TwoFactorConfirmPayload,
  TwoFactorStatusPayload,
  UserError,
} from '#generated/graphql';
import { signedIn, signInAttempt, withUserErrors } from '#guards';
import type { Outcome } from '#rateLimits';

/** The REST service's names of the two-factor inputs are the same as the schema's. */
const FACTOR_FIELDS = { code: 'code', recoveryCode: 'recoveryCode' };
/** A refusal naming the step itself (`challenge`) means the step is over. */
const STEP_FIELDS = { ...FACTOR_FIELDS, challenge: 'challenge' };

export const EXPIRED_STEP_MESSAGE = 'This sign-in has expired. Sign in with your email and password again.';
const expiredStep = (): UserError => ({ code: 'INVALID_TOKEN', field: null, message: EXPIRED_STEP_MESSAGE });

/**
 * The errors of a step the service ended: an expired or used one; or the last wrong code of its
 * budget, which is both a wrong code (counted like one) and the end of the step.
 */
function stepOver(errors: UserError[]): UserError[] {
  return errors.flatMap((error): UserError[] =>
    error.code === 'INVALID_CREDENTIALS'
      ? [
          { code: 'INVALID_CREDENTIALS', field: null, message: error.message },
          { code: 'INVALID_TOKEN', field: null, message: error.message },
        ]
      : [expiredStep()],
  );
}

const NEXT_STEP: Record<SignInChallenge['twoFactor'], SignInStep> = { code: 'CODE', enrol: 'ENROL' };

/** The payload of a sign-in step, with the viewer still the REST profile (the Viewer resolvers map it). */
export type SignInPayload = { viewer: Profile | null; nextStep: SignInStep | null; recoveryCodes: string[] | null; errors: UserError[] };

/** What a sign-in step that signed nobody in answers beside its errors. */
export const NOT_SIGNED_IN = { viewer: null, nextStep: null, recoveryCodes: null };

/**
 * What the password step leads to: a session, or (two-factor) the step of the sign-in kept in its
 * httpOnly cookie and the payload saying what comes next.
 */
export function afterPassword(ctx: GatewayContext, answer: RestAnswerOf<'signIn'>): Omit<SignInPayload, 'errors'> {
  if ('challenge' in answer) {
    ctx.signInStep.begin(answer.challenge, new Date(answer.challengeExpiresAt));
    return { ...NOT_SIGNED_IN, nextStep: NEXT_STEP[answer.twoFactor] };
  }
  return signedInWith(ctx, answer);
}

/** A wrong or used code counts against the person like a wrong password; an expired step does not. */
const codeOutcome = (payload: { errors: UserError[] }, done: boolean): Outcome =>
  done ? 'success' : payload.errors.some((e) => e.code === 'INVALID_CREDENTIALS') ? 'failure' : 'neither';

/** The person a sign-in step belongs to: its token starts with their id (checked by the REST service with the rest of it). */
const stepAccount = (_args: unknown, ctx: GatewayContext) => personAccount(ctx.signInStep.current()?.split('.')[0] ?? 'none');
const viewerAccount = async (_args: unknown, ctx: GatewayContext) => personAccount((await ctx.viewer())?.ClientUserId ?? 'none');

/** Runs a step of a sign-in, ending the step's cookie when the service says it is over (used, expired, or five wrong codes). */
async function withStep<T>(ctx: GatewayContext, work: (challenge: string) => Promise<T>): Promise<T> {
  const challenge = ctx.signInStep.current();
  if (!challenge) throw new UserErrors([expiredStep()]);
  try {
    return await work(challenge);
  } catch (error) {
    const errors = userErrorsOf(error, STEP_FIELDS);
    if (!errors.some((e) => e.code === 'INVALID_TOKEN' || e.field === 'challenge')) throw error;
    ctx.signInStep.end();
    throw new UserErrors(stepOver(errors));
  }
}

function signedInWith(
  ctx: GatewayContext,
  answer: RestAnswerOf<'signInWithCode'>,
  recoveryCodes: string[] | null = null,
): Omit<SignInPayload, 'errors'> {
  ctx.signInStep.end();
  ctx.session.start(answer);
  return { viewer: answer.user, nextStep: null, recoveryCodes };
}

export const twoFactorResolvers: Resolvers = {
  Query: {
    twoFactor: signedIn((_parent, _args, ctx) => ctx.dataSources.twoFactor.getStatus()),
  },
  Mutation: {
    startTwoFactorEnrolment: signedIn(
      withUserErrors(FACTOR_FIELDS, { enrolment: null })(async (_parent, _args, ctx) => ({
        enrolment: await ctx.dataSources.twoFactor.startEnrolment(),
      })),
    ),
    confirmTwoFactor: signedIn(
      signInAttempt<MutationConfirmTwoFactorArgs, TwoFactorConfirmPayload>(
        viewerAccount,
        (p) => codeOutcome(p, Boolean(p.twoFactor)),
        'signInCode',
      )(
        withUserErrors(FACTOR_FIELDS, { twoFactor: null, recoveryCodes: null })(
          async (_parent: unknown, { input }: MutationConfirmTwoFactorArgs, ctx: GatewayContext) => {
            const { recoveryCodes, status } = await ctx.dataSources.twoFactor.confirm(input.code);
            return { twoFactor: status, recoveryCodes };
          },
        ),
      ),
    ),
    disableTwoFactor: signedIn(
      signInAttempt<MutationDisableTwoFactorArgs, TwoFactorStatusPayload>(
        viewerAccount,
        (p) => codeOutcome(p, Boolean(p.twoFactor)),
        'signInCode',
      )(
        withUserErrors(FACTOR_FIELDS, { twoFactor: null })(
          async (_parent: unknown, { input }: MutationDisableTwoFactorArgs, ctx: GatewayContext) => ({
            twoFactor: await ctx.dataSources.twoFactor.disable(factorOf(input)),
          }),
        ),
      ),
    ),
    verifySignInCode: signInAttempt<MutationVerifySignInCodeArgs, SignInPayload>(
      stepAccount,
      (p) => codeOutcome(p, Boolean(p.viewer)),
      'signInCode',
      'code',
    )(
      withUserErrors(
        STEP_FIELDS,
        NOT_SIGNED_IN,
      )((_parent: unknown, { input }: MutationVerifySignInCodeArgs, ctx: GatewayContext) =>
        withStep(ctx, async (challenge) =>
          signedInWith(ctx, await ctx.dataSources.twoFactor.signInWithCode({ challenge, ...factorOf(input) })),
        ),
      ),
    ),
    startSignInEnrolment: withUserErrors(STEP_FIELDS, { enrolment: null })((_parent, _args, ctx) =>
      withStep(ctx, async (challenge) => ({ enrolment: await ctx.dataSources.twoFactor.startSignInEnrolment(challenge) })),
    ),
    confirmSignInEnrolment: signInAttempt<MutationConfirmSignInEnrolmentArgs, SignInPayload>(
      stepAccount,
      (p) => codeOutcome(p, Boolean(p.viewer)),
      'signInCode',
      'enrolment',
    )(
      withUserErrors(
        STEP_FIELDS,
        NOT_SIGNED_IN,
      )((_parent: unknown, { input }: MutationConfirmSignInEnrolmentArgs, ctx: GatewayContext) =>
        withStep(ctx, async (challenge) => {
          const { recoveryCodes, ...answer } = await ctx.dataSources.twoFactor.confirmSignInEnrolment(challenge, input.code);
          return signedInWith(ctx, answer, recoveryCodes);
        }),
      ),
    ),
  },
};

/** Only what was given goes to the REST service, which wants exactly one of them. */
function factorOf(input: { code?: string | null; recoveryCode?: string | null }) {
  return {
    ...(input.code != null ? { code: input.code } : {}),
    ...(input.recoveryCode != null ? { recoveryCode: input.recoveryCode } : {}),
  };
}
