import { EDIT_USER_PROFILE_REST_FIELDS, INVITE_USER_REST_FIELDS, toRestFields, USER_REST_FIELDS, type TypeOfUser } from '@yozy/shared';
import type {
  InvitationFilter,
  InvitationSortField,
  InvitationStatus,
  QueryUserArgs,
  Resolvers,
  UserFilter,
  UserSortField,
  UserStatus,
} from '#generated/graphql';
import { namingFields } from '#errors';
import { organizationAdmin, organizationScoped, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';

const FIELDS = USER_REST_FIELDS;

const USER_LIST: ListSpec<UserFilter, UserSortField> = {
  search: [FIELDS.firstName, FIELDS.lastName, FIELDS.email, FIELDS.departmentName],
  filter: {
    status: [FIELDS.status, 'eq'],
    departmentName: [FIELDS.departmentName, 'eq'],
  },
  sort: {
    NAME: FIELDS.firstName,
    EMAIL: FIELDS.email,
    DEPARTMENT: FIELDS.departmentName,
    CREATED_AT: FIELDS.createdAt,
  },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

const INVITATION_LIST: ListSpec<InvitationFilter, InvitationSortField> = {
  search: ['OfficialEmail', 'UserFirstname', 'UserLastname'],
  filter: { status: ['Status', 'eq'] },
  sort: { SENT_AT: 'SentAt' },
  defaultSort: { field: 'SENT_AT', direction: 'DESC' },
};

/** The invitation mutations name the person by `userId`, the REST service by `UserId`. */
const INVITATION_REST_FIELDS = { userId: 'UserId' } as const;

/** The bulk mutations name the people by `userIds`, the REST service by `UserIds`. */
const PEOPLE_REST_FIELDS = { userIds: 'UserIds' } as const;

/** The mutations of one person's page name them by `userId`, the REST service by `UserId`. */
const PERSON_REST_FIELDS = { userId: 'UserId', roleId: 'RoleId', productId: 'ProductId', admin: 'IsAdmin' } as const;

/** The REST filter naming the organisation, when the caller named one (the REST service scopes the rest). */
function inOrganization(params: URLSearchParams, organizationId: string | null | undefined): URLSearchParams {
  if (organizationId != null) params.append(FIELDS.organizationId, `eq.${organizationId}`);
  return params;
}

export const userResolvers: Resolvers = {
  Query: {
    users: organizationScoped((_parent, { organizationId, ...args }, ctx) =>
      listPage(args, USER_LIST, (params) => ctx.dataSources.users.listUsers(inOrganization(params, organizationId))),
    ),
    user: organizationScoped((_parent, { id, organizationId }: QueryUserArgs, ctx) =>
      ctx.dataSources.users.getUser(id, organizationId).catch(namingFields({ id: FIELDS.id, organizationId: FIELDS.organizationId })),
    ),
    invitations: organizationScoped((_parent, { organizationId, ...args }, ctx) =>
      listPage(args, INVITATION_LIST, (params) => ctx.dataSources.users.listInvitations(inOrganization(params, organizationId))),
    ),
    userSeats: organizationScoped((_parent, { organizationId }, ctx) => ctx.dataSources.users.listSeats(organizationId)),
  },
  Mutation: {
    inviteUser: organizationScoped(
      withUserErrors(INVITE_USER_REST_FIELDS, { user: null })(async (_parent, { organizationId, input }, ctx) => ({
        user: await ctx.dataSources.users.inviteUser(organizationId, toRestFields(INVITE_USER_REST_FIELDS, input)),
      })),
    ),
    resendInvitation: organizationScoped(
      withUserErrors(INVITATION_REST_FIELDS, { invitation: null, link: null })(async (_parent, { organizationId, input }, ctx) => {
        const resent = { UserId: input.userId, SendMail: input.sendMail ?? true, Activate: input.activate ?? false };
        const { Invitation, Link } = await ctx.dataSources.users.resendInvitation(organizationId, resent);
        return { invitation: Invitation, link: Link };
      }),
    ),
    revokeInvitation: organizationScoped(
      withUserErrors(INVITATION_REST_FIELDS, { invitation: null })(async (_parent, { organizationId, input }, ctx) => ({
        invitation: await ctx.dataSources.users.revokeInvitation(organizationId, { UserId: input.userId }),
      })),
    ),
    setUsersActive: organizationScoped(
      withUserErrors(PEOPLE_REST_FIELDS, { users: [] })(async (_parent, { organizationId, input }, ctx) => ({
        users: await ctx.dataSources.users.setUsersActive(organizationId, { UserIds: input.userIds, IsActive: input.active }),
      })),
    ),
    decideUserApproval: organizationAdmin(
      withUserErrors(PEOPLE_REST_FIELDS, { users: [] })(async (_parent, { input }, ctx) => ({
        users: await ctx.dataSources.users.decideApproval({ UserIds: input.userIds, Approve: input.approve }),
      })),
    ),
    signOutUsers: organizationScoped(
      withUserErrors(PEOPLE_REST_FIELDS, { sessionsEnded: 0 })(async (_parent, { organizationId, input }, ctx) => {
        const { SessionsEnded } = await ctx.dataSources.users.signOutUsers(organizationId, { UserIds: input.userIds });
        return { sessionsEnded: SessionsEnded };
      }),
    ),
    editUserProfile: organizationScoped(
      withUserErrors(
        { ...EDIT_USER_PROFILE_REST_FIELDS, ...PERSON_REST_FIELDS },
        { user: null },
      )(async (_parent, { organizationId, input: { userId, ...profile } }, ctx) => ({
        user: await ctx.dataSources.users.editUserProfile(organizationId, {
          UserId: userId,
          ...toRestFields(EDIT_USER_PROFILE_REST_FIELDS, profile),
        }),
      })),
    ),
    setUserRole: organizationScoped(
      withUserErrors(PERSON_REST_FIELDS, { user: null })(async (_parent, { organizationId, input }, ctx) => ({
        user: await ctx.dataSources.users.setUserRole(organizationId, { UserId: input.userId, RoleId: input.roleId }),
      })),
    ),
    removeUserRole: organizationScoped(
      withUserErrors(PERSON_REST_FIELDS, { user: null })(async (_parent, { organizationId, input }, ctx) => ({
        user: await ctx.dataSources.users.removeUserRole(organizationId, { UserId: input.userId, ProductId: input.productId }),
      })),
    ),
    setUserAdmin: organizationScoped(
      withUserErrors(PERSON_REST_FIELDS, { user: null })(async (_parent, { organizationId, input }, ctx) => ({
        user: await ctx.dataSources.users.setUserAdmin(organizationId, { UserId: input.userId, IsAdmin: input.admin }),
      })),
    ),
    sendUserPasswordReset: organizationScoped(
      withUserErrors(PERSON_REST_FIELDS, { sent: false })(async (_parent, { organizationId, input }, ctx) => {
        await ctx.dataSources.users.sendUserPasswordReset(organizationId, { UserId: input.userId });
        return { sent: true };
      }),
    ),
  },
  Invitation: {
    id: (invitation) => String(invitation.InvitationId),
    userId: (invitation) => String(invitation.UserId),
    email: (invitation) => invitation.OfficialEmail,
    firstName: (invitation) => invitation.UserFirstname,
    lastName: (invitation) => invitation.UserLastname,
    status: (invitation) => invitation.Status as InvitationStatus,
    personStatus: (invitation) => invitation.PersonStatus as UserStatus,
    sentAt: (invitation) => invitation.SentAt,
    expiresAt: (invitation) => invitation.ExpiresAt,
  },
  User: {
    id: (user) => String(user.ClientUserId),
    uuid: (user) => user.UUID,
    organizationId: (user) => String(user.ClientId),
    firstName: (user) => user.UserFirstname,
    lastName: (user) => user.UserLastname,
    email: (user) => user.OfficialEmail,
    phone: (user) => user.Phone,
    departmentName: (user) => user.DepartmentName,
    departmentCode: (user) => user.DepartmentCode,
    typeOfUser: (user) => user.TypeOfUser as TypeOfUser,
    isActive: (user) => user.IsActive,
    status: (user) => user.Status as UserStatus,
    createdAt: (user) => user.CreatedAt,
    roles: (user, _args, ctx) => ctx.dataSources.users.listUserRoles(user.ClientUserId, user.ClientId),
    groups: async (user, _args, ctx) =>
      (await ctx.dataSources.users.listUserGroups(user.ClientUserId, user.ClientId))
        .map((group) => ({ groupId: String(group.GroupId), name: group.GroupName, addedAt: group.AddedAt }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  },
  UserRole: {
    roleId: (role) => String(role.RoleId),
    roleName: (role) => role.RoleName,
    productId: (role) => String(role.ProductId),
    productName: (role) => role.ProductName,
    assignedAt: (role) => role.AssignedAt,
  },
  ProductSeats: {
    productId: (seats) => String(seats.ProductId),
    productName: (seats) => seats.ProductName,
    capacity: (seats) => seats.Capacity,
    used: (seats) => seats.Used,
    left: (seats) => Math.max(0, seats.Capacity - seats.Used),
    roles: (seats) => seats.Roles.map((role) => ({ id: String(role.RoleId), name: role.RoleName })),
  },
};
