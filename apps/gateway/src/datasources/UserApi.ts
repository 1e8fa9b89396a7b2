import { naming, SubscriptionService, type OrganizationNamed, type Without } from './SubscriptionService';
import { perPerson } from './perPerson';
import type { AsGiven, RestBodyOf } from './types';

const USERS = '/subscription_client_users';
const INVITATIONS = '/subscription/invitations';

/** The people of an organisation: the list, their roles, the seats they take, invitations. */
export class UserApi extends SubscriptionService {
  /** A page of one organisation's people; `params` carries `ClientId` when the caller named one. */
  listUsers(params: URLSearchParams) {
    return this.getPage(USERS, params);
  }

  /** One person, or null; scoped to the organisation when one is named. */
  async getUser(userId: string, organizationId?: OrganizationNamed) {
    const organization = organizationId ? { ClientId: `eq.${organizationId}` } : {};
    const rows = await this.call('get', USERS, { params: { ClientUserId: `eq.${userId}`, ...organization } });
    return rows[0] ?? null;
  }

  // The roles and groups of every person a GraphQL request shows (a page of people) in one REST
  // call per organisation, not one per person: the loaders live as long as this request's data sources.
  private readonly roles = perPerson((organizationId, userIds, offset) =>
    this.call('get', '/subscription_user_role_mapping', {
      params: { UserId: `in.(${userIds.join(',')})`, ClientId: `eq.${organizationId}`, limit: perPerson.PAGE, offset },
    }),
  );

  private readonly groups = perPerson((organizationId, userIds, offset) =>
    this.call('get', '/subscription_user_groups', {
      params: { UserId: `in.(${userIds.join(',')})`, ClientId: `eq.${organizationId}`, limit: perPerson.PAGE, offset },
    }),
  );

  /** Every role of one person, by product. */
  listUserRoles(userId: number, organizationId: number) {
    return this.roles.load({ userId, organizationId });
  }

  /** The groups one person is in, by name. */
  listUserGroups(userId: number, organizationId: number) {
    return this.groups.load({ userId, organizationId });
  }

  editUserProfile(organizationId: OrganizationNamed, change: Without<RestBodyOf<'editUserProfile'>>) {
    return this.call('post', '/subscription/users/profile', { body: { ...change, ...naming(organizationId) } });
  }

  setUserRole(organizationId: OrganizationNamed, change: Without<RestBodyOf<'setUserRole'>>) {
    return this.call('post', '/subscription/users/role', { body: { ...change, ...naming(organizationId) } });
  }

  removeUserRole(organizationId: OrganizationNamed, change: Without<RestBodyOf<'removeUserRole'>>) {
    return this.call('post', '/subscription/users/role/remove', { body: { ...change, ...naming(organizationId) } });
  }

  setUserAdmin(organizationId: OrganizationNamed, change: Without<RestBodyOf<'setUserAdmin'>>) {
    return this.call('post', '/subscription/users/admin', { body: { ...change, ...naming(organizationId) } });
  }

  sendUserPasswordReset(organizationId: OrganizationNamed, person: Without<RestBodyOf<'mailUserPasswordReset'>>) {
    return this.call('post', '/subscription/users/password-reset', { body: { ...person, ...naming(organizationId) } });
  }

  listSeats(organizationId?: OrganizationNamed) {
    return this.call('get', '/subscription/seats', { params: organizationId ? { ClientId: organizationId } : {} });
  }

  inviteUser(organizationId: OrganizationNamed, user: Without<AsGiven<RestBodyOf<'inviteUser'>, 'TypeOfUser'>>) {
    return this.call('post', '/subscription/usercreation', { body: { ...user, ...naming(organizationId) } });
  }

  listInvitations(params: URLSearchParams) {
    return this.getPage(INVITATIONS, params);
  }

  resendInvitation(organizationId: OrganizationNamed, invitation: Without<RestBodyOf<'resendInvitation'>>) {
    return this.call('post', `${INVITATIONS}/resend`, { body: { ...invitation, ...naming(organizationId) } });
  }

  revokeInvitation(organizationId: OrganizationNamed, invitation: Without<RestBodyOf<'revokeInvitation'>>) {
    return this.call('post', `${INVITATIONS}/revoke`, { body: { ...invitation, ...naming(organizationId) } });
  }

  /** One invitation of the organisation (the caller's own when none is named), or null. */
  async getInvitation(invitationId: string, organizationId?: OrganizationNamed) {
    const organization = organizationId ? { ClientId: `eq.${organizationId}` } : {};
    const page = await this.call('get', INVITATIONS, { params: { InvitationId: `eq.${invitationId}`, ...organization } });
    return page[0] ?? null;
  }

  /** A person's two-factor sign-in, as their admins see it. */
  private readonly twoFactors = perPerson((organizationId, userIds, offset) =>
    this.call('get', '/subscription_user_two_factor', {
      params: { UserId: `in.(${userIds.join(',')})`, ClientId: `eq.${organizationId}`, limit: perPerson.PAGE, offset },
    }),
  );

  /** Whether one person has two-factor sign-in on: loaded with everyone else's the request shows. */
  async getTwoFactor(userId: number, organizationId: number) {
    const [on] = await this.twoFactors.load({ userId, organizationId });
    return { enabled: Boolean(on), enabledAt: on?.EnabledAt ?? null, recoveryCodesLeft: on?.RecoveryCodesLeft ?? 0 };
  }

  resetTwoFactor(organizationId: OrganizationNamed, person: Without<RestBodyOf<'resetPersonTwoFactor'>>) {
    return this.call('post', '/subscription/users/two-factor/reset', { body: { ...person, ...naming(organizationId) } });
  }

  setUsersActive(organizationId: OrganizationNamed, change: Without<RestBodyOf<'setUsersActive'>>) {
    return this.call('post', '/subscription/UserActivation', { body: { ...change, ...naming(organizationId) } });
  }

  decideApproval(decision: RestBodyOf<'decideUserApproval'>) {
    return this.call('post', '/subscription/UserApproval', { body: decision });
  }

  signOutUsers(organizationId: OrganizationNamed, people: Without<RestBodyOf<'signOutUsers'>>) {
    return this.call('post', '/subscription/users/signout', { body: { ...people, ...naming(organizationId) } });
  }

  /** Each row's problems; writes nothing. */
  previewUserImport(organizationId: OrganizationNamed, rows: RestBodyOf<'previewUserImport'>['Rows']) {
    return this.call('post', '/subscription/users/import/preview', { body: { Rows: rows, ...naming(organizationId) } });
  }

  /** Invites every row, all or none. */
  importUsers(organizationId: OrganizationNamed, rows: RestBodyOf<'importUsers'>['Rows']) {
    return this.call('post', '/subscription/users/import', { body: { Rows: rows, ...naming(organizationId) } });
  }
}
