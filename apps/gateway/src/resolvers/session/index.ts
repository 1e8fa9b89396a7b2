import { landingPathFor, menuFor, SIGN_IN_REST_FIELDS, toRestFields, TYPE_OF_USER } from '@yozy/shared';
import type { MutationSignInArgs, Resolvers } from '#generated/graphql';
import { requireSolvedCaptcha } from '#resolvers/captcha';
import { signInAttempt, withUserErrors } from '#guards';
import { afterPassword, NOT_SIGNED_IN, type SignInPayload } from '#resolvers/twoFactor/index';

export const sessionResolvers: Resolvers = {
  Query: {
    viewer: (_parent, _args, ctx) => ctx.viewer(),
  },
  Mutation: {
    // A wrong password counts against the account from this address; a sign-in does not.
    signIn: signInAttempt(
      ({ input }: MutationSignInArgs) => input.email,
      // A right password that leads to the code step counts as a success of this step; the code step counts its own.
      (payload: SignInPayload) =>
        payload.viewer || payload.nextStep
          ? 'success'
          : payload.errors.some((e) => e.code === 'INVALID_CREDENTIALS')
            ? 'failure'
            : 'neither',
      'signIn',
      'password',
    )(
      withUserErrors(
        SIGN_IN_REST_FIELDS,
        NOT_SIGNED_IN,
      )(async (_parent, { input }, ctx) => {
        await requireSolvedCaptcha(ctx, input.captcha);
        return afterPassword(ctx, await ctx.dataSources.account.signIn(toRestFields(SIGN_IN_REST_FIELDS, input)));
      }),
    ),
    async signOut(_parent, _args, ctx) {
      await ctx.dataSources.account.signOut();
      ctx.session.end();
      return { signedOut: true };
    },
  },
  TypeOfUser: TYPE_OF_USER,
  Viewer: {
    id: (p) => String(p.ClientUserId),
    uuid: (p) => p.UUID,
    email: (p) => p.OfficialEmail,
    firstName: (p) => p.UserFirstname,
    lastName: (p) => p.UserLastname,
    phone: (p) => p.Phone,
    typeOfUser: (p) => p.TypeOfUser,
    role: (p) => p.Role,
    organization: (p) => p.OrgDetails,
    productUrl: (p, _args, ctx) => ctx.dataSources.account.getProductAddress(p.OfficialEmail),
    menu: (p) => menuFor(p.TypeOfUser).map(({ path, name }) => ({ path, name })),
    landingPath: (p) => landingPathFor(p.TypeOfUser),
  },
};
