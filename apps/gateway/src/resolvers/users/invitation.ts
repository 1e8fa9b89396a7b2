import type { QueryInvitationArgs, Resolvers } from '#generated/graphql';
import { organizationScoped } from '#guards';
import { oneRow } from '#lists';

/** One invitation at its own address, with the roles the invited person will hold. */
export const invitationResolvers: Resolvers = {
  Query: {
    invitation: organizationScoped((_parent, { id, organizationId }: QueryInvitationArgs, ctx) =>
      oneRow({ id: 'InvitationId', organizationId: 'ClientId' }, ctx.dataSources.users.findInvitations(id, organizationId)),
    ),
  },
  Invitation: {
    organizationId: (invitation) => String(invitation.ClientId),
    roles: (invitation, _args, ctx) => ctx.dataSources.users.listUserRoles(invitation.UserId, invitation.ClientId),
  },
};
