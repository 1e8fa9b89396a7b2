import { landingPathFor, menuFor, type TypeOfUser as RestTypeOfUser } from '@yozy/shared';
import type { Resolvers, TypeOfUser, UserError } from '../generated/graphql';
import { errorCode } from '../errors';
import { clearSession, writeSession } from '../session';

const TYPE_OF_USER: Record<RestTypeOfUser, TypeOfUser> = {
  SuperAdmin: 'SUPER_ADMIN',
  OrgAdmin: 'ORG_ADMIN',
  User: 'USER',
};

/** A REST refusal the user can act on becomes an entry of `errors`; anything else is thrown. */
function asUserError(error: unknown): UserError {
  const { extensions, message } = error as { extensions?: { restCode?: unknown; field?: unknown }; message: string };
  if (extensions?.restCode === 'INVALID_CREDENTIALS') {
    return { code: 'INVALID_CREDENTIALS', field: null, message: 'Incorrect email or password' };
  }
  if (errorCode(error) === 'BAD_USER_INPUT') {
    return { code: 'BAD_USER_INPUT', field: typeof extensions?.field === 'string' ? extensions.field : null, message };
  }
  throw error;
}

export const sessionResolvers: Resolvers = {
  Query: {
    viewer: (_parent, _args, ctx) => ctx.viewer(),
  },
  Mutation: {
    async signIn(_parent, { input }, ctx) {
      try {
        const { token, user } = await ctx.api.signIn(input.email, input.password);
        writeSession(ctx.req, ctx.res, token, user.UUID);
        return { viewer: user, errors: [] };
      } catch (error) {
        return { viewer: null, errors: [asUserError(error)] };
      }
    },
    async signOut(_parent, _args, ctx) {
      if (await ctx.viewer()) await ctx.api.signOut();
      clearSession(ctx.req, ctx.res);
      return { signedOut: true };
    },
  },
  Viewer: {
    id: (p) => String(p.ClientUserId),
    uuid: (p) => p.UUID,
    email: (p) => p.OfficialEmail,
    firstName: (p) => p.UserFirstname,
    lastName: (p) => p.UserLastname,
    phone: (p) => p.Phone,
    typeOfUser: (p) => TYPE_OF_USER[p.TypeOfUser],
    role: (p) => p.Role,
    organization: (p) => p.OrgDetails,
    menu: (p) => menuFor(p.TypeOfUser).map(({ path, name }) => ({ path, name })),
    landingPath: (p) => landingPathFor(p.TypeOfUser),
  },
};
