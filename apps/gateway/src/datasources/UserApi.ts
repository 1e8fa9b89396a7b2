import { naming, SubscriptionService, type OrganizationNamed, type Without } from './SubscriptionService';
import { perPerson } from './perPerson';
import type { AsGiven, RestBodyOf } from './types';

/** The people of an organisation: the list, their roles, the seats they take, invitations. */
export class UserApi extends SubscriptionService {
  /** A page of one organisation's people; `params` carries `ClientId` when the caller named one. */
  listUsers(params: URLSearchParams) {
    return this.page('listClientUsers', params);
  }

  /** The person of this id (one row, or none); scoped to the organisation when one is named. */
  findUsers(userId: string, organizationId?: OrganizationNamed) {
    const organization = organizationId ? { ClientId: `eq.${organizationId}` } : {};
    return this.op('listClientUsers', { params: { ClientUserId: `eq.${userId}`, ...organization } });
  }

  /** One person, or null; scoped to the organisation when one is named. */
  async getUser(userId: string, organizationId?: OrganizationNamed) {
    return (await this.findUsers(userId, organizationId))[0] ?? null;
  }

  // The roles and groups of every person a GraphQL request shows (a page of people) in one REST
  // call per organisation, not one per person: the loaders live as long as this request's data sources.
  private readonly roles = perPerson((organizationId, userIds, offset) =>
    this.op('listUserRoles', {
      params: { UserId: `in.(${userIds.join(',')})`, ClientId: `eq.${organizationId}`, limit: perPerson.PAGE, offset },
    }),
  );

  private readonly groups = perPerson((organizationId, userIds, offset) =>
    this.op('listPersonGroups', {
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
    return this.op('editUserProfile', { body: { ...change, ...naming(organizationId) } });
  }

  setUserRole(organizationId: OrganizationNamed, change: Without<RestBodyOf<'setUserRole'>>) {
    return this.op('setUserRole', { body: { ...change, ...naming(organizationId) } });
  }

  removeUserRole(organizationId: OrganizationNamed, change: Without<RestBodyOf<'removeUserRole'>>) {
    return this.op('removeUserRole', { body: { ...change, ...naming(organizationId) } });
  }

  setUserAdmin(organizationId: OrganizationNamed, change: Without<RestBodyOf<'setUserAdmin'>>) {
    return this.op('setUserAdmin', { body: { ...change, ...naming(organizationId) } });
  }

  sendUserPasswordReset(organizationId: OrganizationNamed, person: Without<RestBodyOf<'mailUserPasswordReset'>>) {
    return this.op('mailUserPasswordReset', { body: { ...person, ...naming(organizationId) } });
  }

  listSeats(organizationId?: OrganizationNamed) {
    return this.op('listSeats', { params: organizationId ? { ClientId: organizationId } : {} });
  }

  inviteUser(organizationId: OrganizationNamed, user: Without<AsGiven<RestBodyOf<'inviteUser'>, 'TypeOfUser'>>) {
    return this.op('inviteUser', { body: { ...user, ...naming(organizationId) } });
  }

  listInvitations(params: URLSearchParams) {
    return this.page('listInvitations', params);
  }

  resendInvitation(organizationId: OrganizationNamed, invitation: Without<RestBodyOf<'resendInvitation'>>) {
    return this.op('resendInvitation', { body: { ...invitation, ...naming(organizationId) } });
  }

  revokeInvitation(organizationId: OrganizationNamed, invitation: Without<RestBodyOf<'revokeInvitation'>>) {
    return this.op('revokeInvitation', { body: { ...invitation, ...naming(organizationId) } });
  }

  /** The invitation of this id of the organisation (the caller's own when none is named): one row, or none. */
  findInvitations(invitationId: string, organizationId?: OrganizationNamed) {
    const organization = organizationId ? { ClientId: `eq.${organizationId}` } : {};
    return this.op('listInvitations', { params: { InvitationId: `eq.${invitationId}`, ...organization } });
  }

  /** A person's two-factor sign-in, as their admins see it. */
  private readonly twoFactors = perPerson((organizationId, userIds, offset) =>
    this.op('listPersonTwoFactor', {
      params: { UserId: `in.(${userIds.join(',')})`, ClientId: `eq.${organizationId}`, limit: perPerson.PAGE, offset },
    }),
  );

  /** Whether one person has two-factor sign-in on: loaded with everyone else's the request shows. */
  async getTwoFactor(userId: number, organizationId: number) {
    const [on] = await this.twoFactors.load({ userId, organizationId });
    return { enabled: Boolean(on), enabledAt: on?.EnabledAt ?? null, recoveryCodesLeft: on?.RecoveryCodesLeft ?? 0 };
  }

  resetTwoFactor(organizationId: OrganizationNamed, person: Without<RestBodyOf<'resetPersonTwoFactor'>>) {
    return this.op('resetPersonTwoFactor', { body: { ...person, ...naming(organizationId) } });
  }

  setUsersActive(organizationId: OrganizationNamed, change: Without<RestBodyOf<'setUsersActive'>>) {
    return this.op('setUsersActive', { body: { ...change, ...naming(organizationId) } });
  }

  decideApproval(decision: RestBodyOf<'decideUserApproval'>) {
    return this.op('decideUserApproval', { body: decision });
  }

  signOutUsers(organizationId: OrganizationNamed, people: Without<RestBodyOf<'signOutUsers'>>) {
    return this.op('signOutUsers', { body: { ...people, ...naming(organizationId) } });
  }

  /** Each row's problems; writes nothing. */
  previewUserImport(organizationId: OrganizationNamed, rows: RestBodyOf<'previewUserImport'>['Rows']) {
    return this.op('previewUserImport', { body: { Rows: rows, ...naming(organizationId) } });
  }

  /** Invites every row, all or none. */
  importUsers(organizationId: OrganizationNamed, rows: RestBodyOf<'importUsers'>['Rows']) {
    return this.op('importUsers', { body: { Rows: rows, ...naming(organizationId) } });
  }
}
