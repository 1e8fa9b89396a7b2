import type { GatewayContext } from '../../context';
import { personAccount } from '../../deviceCookies';
import type { Profile, SignInAnswer, SignInChallenge, SignInStepAnswer } from '../../datasources/types';
import { userErrorsOf } from '../../errors';
import type {
  MutationConfirmSignInEnrolmentArgs,
  MutationConfirmTwoFactorArgs,
  MutationDisableTwoFactorArgs,
  MutationVerifySignInCodeArgs,
  Resolvers,
  SignInStep,
  TwoFactorConfirmPayload,
  TwoFactorEnrolmentPayload,
  TwoFactorStatusPayload,
  UserError,
} from '../../generated/graphql';
import { signedIn, signInAttempt } from '../../guards';
import type { Outcome } from '../../rateLimits';

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

/**
 * What the password step leads to: a session, or (two-factor) the step of the sign-in kept in its
 * httpOnly cookie and the payload saying what comes next.
 */
/** The payload of a sign-in step, with the viewer still the REST profile (the Viewer resolvers map it). */
export type SignInPayload = { viewer: Profile | null; nextStep: SignInStep | null; recoveryCodes: string[] | null; errors: UserError[] };

export function afterPassword(ctx: GatewayContext, answer: SignInStepAnswer): SignInPayload {
  if ('challenge' in answer) {
    ctx.signInStep.begin(answer.challenge, new Date(answer.challengeExpiresAt));
    return { viewer: null, nextStep: NEXT_STEP[answer.twoFactor], recoveryCodes: null, errors: [] };
  }
  ctx.signInStep.end();
  ctx.session.start(answer.token, answer.user);
  return { viewer: answer.user, nextStep: null, recoveryCodes: null, errors: [] };
}

/** A wrong or used code counts against the person like a wrong password; an expired step does not. */
const codeOutcome = (payload: { errors: UserError[] }, done: boolean): Outcome =>
  done ? 'success' : payload.errors.some((e) => e.code === 'INVALID_CREDENTIALS') ? 'failure' : 'neither';

/** The person a sign-in step belongs to: its token starts with their id (checked by the REST service with the rest of it). */
const stepAccount = (_args: unknown, ctx: GatewayContext) => personAccount(ctx.signInStep.current()?.split('.')[0] ?? 'none');
const viewerAccount = async (_args: unknown, ctx: GatewayContext) => personAccount((await ctx.viewer())?.ClientUserId ?? 'none');

/** Runs a step of a sign-in, ending the step's cookie when the service says it is over (used, expired, or five wrong codes). */
async function withStep<T extends { errors: UserError[] }>(
  ctx: GatewayContext,
  refused: (errors: UserError[]) => T,
  work: (challenge: string) => Promise<T>,
): Promise<T> {
  const challenge = ctx.signInStep.current();
  if (!challenge) return refused([expiredStep()]);
  try {
    return await work(challenge);
  } catch (error) {
    const errors = userErrorsOf(error, STEP_FIELDS);
    if (errors.some((e) => e.code === 'INVALID_TOKEN' || e.field === 'challenge')) {
      ctx.signInStep.end();
      return refused(stepOver(errors));
    }
    return refused(errors);
  }
}

function signedInWith(ctx: GatewayContext, answer: SignInAnswer, recoveryCodes: string[] | null = null): SignInPayload {
  ctx.signInStep.end();
  ctx.session.start(answer.token, answer.user);
  return { viewer: answer.user, nextStep: null, recoveryCodes, errors: [] };
}

export const notSignedIn = (errors: UserError[]): SignInPayload => ({ viewer: null, nextStep: null, recoveryCodes: null, errors });

export const twoFactorResolvers: Resolvers = {
  Query: {
    twoFactor: signedIn((_parent, _args, ctx) => ctx.dataSources.twoFactor.getStatus()),
  },
  Mutation: {
    startTwoFactorEnrolment: signedIn(async (_parent, _args, ctx) => {
      try {
        return { enrolment: await ctx.dataSources.twoFactor.startEnrolment(), errors: [] };
      } catch (error) {
        return { enrolment: null, errors: userErrorsOf(error, FACTOR_FIELDS) };
      }
    }),
    confirmTwoFactor: signedIn(
      signInAttempt<MutationConfirmTwoFactorArgs, TwoFactorConfirmPayload>(
        viewerAccount,
        (p) => codeOutcome(p, Boolean(p.twoFactor)),
        'signInCode',
      )(async (_parent: unknown, { input }: MutationConfirmTwoFactorArgs, ctx: GatewayContext): Promise<TwoFactorConfirmPayload> => {
        try {
          const { recoveryCodes, status } = await ctx.dataSources.twoFactor.confirm(input.code);
          return { twoFactor: status, recoveryCodes, errors: [] };
        } catch (error) {
          return { twoFactor: null, recoveryCodes: null, errors: userErrorsOf(error, FACTOR_FIELDS) };
        }
      }),
    ),
    disableTwoFactor: signedIn(
      signInAttempt<MutationDisableTwoFactorArgs, TwoFactorStatusPayload>(
        viewerAccount,
        (p) => codeOutcome(p, Boolean(p.twoFactor)),
        'signInCode',
      )(async (_parent: unknown, { input }: MutationDisableTwoFactorArgs, ctx: GatewayContext): Promise<TwoFactorStatusPayload> => {
        try {
          return { twoFactor: await ctx.dataSources.twoFactor.disable(factorOf(input)), errors: [] };
        } catch (error) {
          return { twoFactor: null, errors: userErrorsOf(error, FACTOR_FIELDS) };
        }
      }),
    ),
    verifySignInCode: signInAttempt<MutationVerifySignInCodeArgs, SignInPayload>(
      stepAccount,
      (p) => codeOutcome(p, Boolean(p.viewer)),
      'signInCode',
    )((_parent: unknown, { input }: MutationVerifySignInCodeArgs, ctx: GatewayContext) =>
      withStep<SignInPayload>(ctx, notSignedIn, async (challenge) =>
        signedInWith(ctx, await ctx.dataSources.twoFactor.signInWithCode({ challenge, ...factorOf(input) })),
      ),
    ),
    startSignInEnrolment: (_parent, _args, ctx) =>
      withStep<TwoFactorEnrolmentPayload>(
        ctx,
        (errors) => ({ enrolment: null, errors }),
        async (challenge) => ({ enrolment: await ctx.dataSources.twoFactor.startSignInEnrolment(challenge), errors: [] }),
      ),
    confirmSignInEnrolment: signInAttempt<MutationConfirmSignInEnrolmentArgs, SignInPayload>(
      stepAccount,
      (p) => codeOutcome(p, Boolean(p.viewer)),
      'signInCode',
    )((_parent: unknown, { input }: MutationConfirmSignInEnrolmentArgs, ctx: GatewayContext) =>
      withStep<SignInPayload>(ctx, notSignedIn, async (challenge) => {
        const { recoveryCodes, ...answer } = await ctx.dataSources.twoFactor.confirmSignInEnrolment(challenge, input.code);
        return signedInWith(ctx, answer, recoveryCodes);
      }),
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
