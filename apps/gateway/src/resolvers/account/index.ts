import { toRestFields } from '@yozy/shared';
import type { MutationRequestPasswordResetArgs, MutationResetPasswordArgs, MutationSetPasswordArgs, Resolvers } from '#generated/graphql';
import { counted, signedIn, withUserErrors } from '#guards';
import { requireSolvedCaptcha } from '#resolvers/captcha';
import { PASSWORD_RESET_REQUEST_REST_FIELDS, PASSWORD_RESET_REST_FIELDS, SET_PASSWORD_WITH_LINK_REST_FIELDS } from './restFields';

/** A link of a deactivated person is refused (FORBIDDEN on its token): the form says so, as it does for an expired link. */
const LINK_REFUSALS = ['FORBIDDEN'] as const;

export const accountResolvers: Resolvers = {
  Query: {
    captchaChallenge: async (_parent, _args, ctx) => JSON.stringify(await ctx.captcha.challenge()),
    verifyPasswordResetLink: (_parent, { email, token }, ctx) => ctx.dataSources.account.verifyResetLink(email, token),
    accountLinkStatus: (_parent, { purpose, email, token }, ctx) =>
      ctx.dataSources.account.linkStatus({ purpose: purpose === 'INVITE' ? 'invite' : 'reset', email, token }),
    productRedirectUrl: signedIn((_parent, { email }, ctx) => ctx.dataSources.account.getProductAddress(email)),
  },
  Mutation: {
    requestPasswordReset: counted(
      'requestPasswordReset',
      ({ input }: MutationRequestPasswordResetArgs) => input.email,
    )(
      withUserErrors(PASSWORD_RESET_REQUEST_REST_FIELDS, { accepted: false })(async (_parent, { input }, ctx) => {
        await requireSolvedCaptcha(ctx, input.captcha);
        await ctx.dataSources.account.requestPasswordReset(toRestFields(PASSWORD_RESET_REQUEST_REST_FIELDS, input));
        return { accepted: true };
      }),
    ),
    resetPassword: counted(
      'resetPassword',
      ({ input }: MutationResetPasswordArgs) => input.email,
    )(
      withUserErrors(
        PASSWORD_RESET_REST_FIELDS,
        { ok: false, redirectUrl: null },
        LINK_REFUSALS,
      )(async (_parent, { input }, ctx) => {
        await requireSolvedCaptcha(ctx, input.captcha);
        const { redirectUrl } = await ctx.dataSources.account.resetPassword(toRestFields(PASSWORD_RESET_REST_FIELDS, input));
        return { ok: true, redirectUrl };
      }),
    ),
    setPassword: counted(
      'setPassword',
      ({ input }: MutationSetPasswordArgs) => input.email,
    )(
      withUserErrors(
        SET_PASSWORD_WITH_LINK_REST_FIELDS,
        { ok: false, redirectUrl: null },
        LINK_REFUSALS,
      )(async (_parent, { input }, ctx) => {
        await requireSolvedCaptcha(ctx, input.captcha);
        const { redirectUrl } = await ctx.dataSources.account.createUser(toRestFields(SET_PASSWORD_WITH_LINK_REST_FIELDS, input));
        return { ok: true, redirectUrl };
      }),
    ),
  },
};
