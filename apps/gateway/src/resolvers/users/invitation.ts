import type { QueryInvitationArgs, Resolvers } from '#generated/graphql';
import { namingFields } from '#errors';
import { organizationScoped } from '#guards';

/** One invitation at its own address, with the roles the invited person will hold. */
export const invitationResolvers: Resolvers = {
  Query: {
    invitation: organizationScoped((_parent, { id, organizationId }: QueryInvitationArgs, ctx) =>
      ctx.dataSources.users.getInvitation(id, organizationId).catch(namingFields({ id: 'InvitationId', organizationId: 'ClientId' })),
    ),
  },
  Invitation: {
    organizationId: (invitation) => String(invitation.ClientId),
    roles: (invitation, _args, ctx) => ctx.dataSources.users.listUserRoles(invitation.UserId, invitation.ClientId),
  },
};
