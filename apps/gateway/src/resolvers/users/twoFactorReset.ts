import type { Resolvers } from '#generated/graphql';
import { organizationScoped, withUserErrors } from '#guards';

/** The mutation names the person by `userId`, the REST service by `UserId`. */
const PERSON_REST_FIELDS = { userId: 'UserId' } as const;

/** A person's two-factor sign-in as their admins see it, and its reset. */
export const userTwoFactorResolvers: Resolvers = {
  Mutation: {
    resetUserTwoFactor: organizationScoped(
      withUserErrors(PERSON_REST_FIELDS, { twoFactor: null })(async (_parent, { organizationId, input }, ctx) => ({
        twoFactor: await ctx.dataSources.users.resetTwoFactor(organizationId, { UserId: input.userId }),
      })),
    ),
  },
  User: {
    twoFactor: (user, _args, ctx) => ctx.dataSources.users.getTwoFactor(user.ClientUserId, user.ClientId),
  },
};
