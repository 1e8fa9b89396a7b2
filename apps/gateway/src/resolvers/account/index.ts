import type { Resolvers } from '../../generated/graphql';
import { signedIn } from '../../guards';
import { captchaErrors } from '../captcha';
import { toUserErrors } from '../userErrors';

export const accountResolvers: Resolvers = {
  Query: {
    captchaChallenge: async (_parent, _args, ctx) => JSON.stringify(await ctx.captcha.challenge()),
    verifyPasswordResetLink: (_parent, { email, token }, ctx) => ctx.dataSources.account.verifyResetLink(email, token),
    productRedirectUrl: signedIn((_parent, { email }, ctx) => ctx.dataSources.account.getProductAddress(email)),
  },
  Mutation: {
    async requestPasswordReset(_parent, { input }, ctx) {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { accepted: false, errors: refused };
      try {
        await ctx.dataSources.account.requestPasswordReset(input.email);
        return { accepted: true, errors: [] };
      } catch (error) {
        return { accepted: false, errors: toUserErrors(error) };
      }
    },
    async resetPassword(_parent, { input }, ctx) {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { ok: false, redirectUrl: null, errors: refused };
      try {
        const { redirectUrl } = await ctx.dataSources.account.resetPassword({
          email: input.email,
          token: input.token,
          password: input.password,
          newpassword: input.confirmPassword,
        });
        return { ok: true, redirectUrl, errors: [] };
      } catch (error) {
        return { ok: false, redirectUrl: null, errors: toUserErrors(error, { newpassword: 'confirmPassword' }) };
      }
    },
    async setPassword(_parent, { input }, ctx) {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { ok: false, redirectUrl: null, errors: refused };
      try {
        const { redirectUrl } = await ctx.dataSources.account.createUser({
          email: input.email,
          token: input.token,
          password: input.password,
          confirmpassword: input.confirmPassword,
          firstname: input.firstName,
          lastname: input.lastName,
        });
        return { ok: true, redirectUrl, errors: [] };
      } catch (error) {
        const fields = { confirmpassword: 'confirmPassword', firstname: 'firstName', lastname: 'lastName' };
        return { ok: false, redirectUrl: null, errors: toUserErrors(error, fields) };
      }
    },
  },
};
