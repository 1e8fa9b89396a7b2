import type { MutationRedeemSignInHandoffArgs, Resolvers } from '#generated/graphql';
import { counted, superAdminOrApiKey, withUserErrors } from '#guards';
import { utcInstant } from '#scalars';

/** The input's field as the REST service names it. */
const ISSUE_FIELDS = { email: 'Email' } as const;

/**
 * A product's hand-off to the sign-in page (`/login?data=<token>`): SuperAdmins and API keys issue
 * the token, the sign-in page redeems it for the email to fill in.
 */
export const signInHandoffResolvers: Resolvers = {
  Mutation: {
    issueSignInHandoff: superAdminOrApiKey(
      // Nobody with that email the caller may see is something the tool can act on: another email.
      withUserErrors(ISSUE_FIELDS, { handoff: null }, ['NOT_FOUND'])(async (_parent, { input }, ctx) => {
        const issued = await ctx.dataSources.account.issueSignInHandoff(input.email.trim());
        return {
          handoff: {
            token: issued.Token,
            email: issued.Email,
            expiresAt: utcInstant(issued.ExpiresAt),
            loginUrl: `${ctx.publicUrl}${issued.LoginPath}`,
          },
        };
      }),
    ),
    // Counted per address (and per token), as the other public operations are: a guesser slows down.
    redeemSignInHandoff: counted(
      'redeemSignInHandoff',
      ({ token }: MutationRedeemSignInHandoffArgs) => token,
    )(
      withUserErrors(
        { token: 'token' },
        { email: null },
      )(async (_parent, { token }, ctx) => ({
        email: await ctx.dataSources.account.redeemSignInHandoff(token),
      })),
    ),
  },
};
