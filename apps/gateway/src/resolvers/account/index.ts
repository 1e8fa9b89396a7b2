import { toRestFields } from '@yozy/shared';
import type {
  MutationRequestPasswordResetArgs,
  MutationResetPasswordArgs,
  MutationSetPasswordArgs,
  Resolvers,
} from '../../generated/graphql';
import { userErrorsOf } from '../../errors';
import { counted, signedIn } from '../../guards';
import { captchaErrors } from '../captcha';
import { PASSWORD_RESET_REQUEST_REST_FIELDS, PASSWORD_RESET_REST_FIELDS, SET_PASSWORD_WITH_LINK_REST_FIELDS } from './restFields';

export const accountResolvers: Resolvers = {
  Query: {
    captchaChallenge: async (_parent, _args, ctx) => JSON.stringify(await ctx.captcha.challenge()),
    verifyPasswordResetLink: (_parent, { email, token }, ctx) => ctx.dataSources.account.verifyResetLink(email, token),
    productRedirectUrl: signedIn((_parent, { email }, ctx) => ctx.dataSources.account.getProductAddress(email)),
  },
  Mutation: {
    requestPasswordReset: counted(
      'requestPasswordReset',
      ({ input }: MutationRequestPasswordResetArgs) => input.email,
    )(async (_parent, { input }, ctx) => {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { accepted: false, errors: refused };
      try {
        await ctx.dataSources.account.requestPasswordReset(toRestFields(PASSWORD_RESET_REQUEST_REST_FIELDS, input));
        return { accepted: true, errors: [] };
      } catch (error) {
        return { accepted: false, errors: userErrorsOf(error, PASSWORD_RESET_REQUEST_REST_FIELDS) };
      }
    }),
    resetPassword: counted(
      'resetPassword',
      ({ input }: MutationResetPasswordArgs) => input.email,
    )(async (_parent, { input }, ctx) => {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { ok: false, redirectUrl: null, errors: refused };
      try {
        const { redirectUrl } = await ctx.dataSources.account.resetPassword(toRestFields(PASSWORD_RESET_REST_FIELDS, input));
        return { ok: true, redirectUrl, errors: [] };
      } catch (error) {
        return { ok: false, redirectUrl: null, errors: userErrorsOf(error, PASSWORD_RESET_REST_FIELDS) };
      }
    }),
    setPassword: counted(
      'setPassword',
      ({ input }: MutationSetPasswordArgs) => input.email,
    )(async (_parent, { input }, ctx) => {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { ok: false, redirectUrl: null, errors: refused };
      try {
        const { redirectUrl } = await ctx.dataSources.account.createUser(toRestFields(SET_PASSWORD_WITH_LINK_REST_FIELDS, input));
        return { ok: true, redirectUrl, errors: [] };
      } catch (error) {
        return { ok: false, redirectUrl: null, errors: userErrorsOf(error, SET_PASSWORD_WITH_LINK_REST_FIELDS) };
      }
    }),
  },
};
