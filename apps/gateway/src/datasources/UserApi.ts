import { SubscriptionService } from './SubscriptionService';
import type { RestPage } from '../lists';
import type {
  ClientUser,
  InvitationRecord,
  InvitationResent,
  ProductSeatsRecord,
  RestBody,
  UserImportPreviewRecord,
  UserRoleRecord,
  UsersImported,
  UsersSignedOut,
} from './types';

/** The people of an organisation: the list, their roles, the seats they take, invitations. */
export class UserApi extends SubscriptionService {
  /** A page of one organisation's people; `params` carries `ClientId` when the caller named one. */
  listUsers(params: URLSearchParams): Promise<RestPage<ClientUser>> {
    return this.getPage('subscription_client_users', params);
  }

  /** One person, or null; scoped to the organisation when one is named. */
  async getUser(userId: string, organizationId?: string | null): Promise<ClientUser | null> {
    const params: Record<string, string> = { ClientUserId: `eq.${userId}` };
    if (organizationId) params.ClientId = `eq.${organizationId}`;
    const rows = await this.get<ClientUser[]>('subscription_client_users', { params });
    return rows[0] ?? null;
  }

  /** Every role of one person, by product. */
  listUserRoles(userId: number, organizationId: number): Promise<UserRoleRecord[]> {
    return this.get<UserRoleRecord[]>('subscription_user_role_mapping', {
      params: { UserId: `eq.${userId}`, ClientId: `eq.${organizationId}`, limit: '1000' },
    });
  }

  listSeats(organizationId?: string | null): Promise<ProductSeatsRecord[]> {
    return this.get<ProductSeatsRecord[]>('subscription/seats', { params: organizationId ? { ClientId: organizationId } : {} });
  }

  inviteUser(body: RestBody): Promise<ClientUser> {
    return this.post<ClientUser>('subscription/usercreation', { body });
  }

  listInvitations(params: URLSearchParams): Promise<RestPage<InvitationRecord>> {
    return this.getPage('subscription/invitations', params);
  }

  resendInvitation(body: RestBody): Promise<InvitationResent> {
    return this.post<InvitationResent>('subscription/invitations/resend', { body });
  }

  revokeInvitation(body: RestBody): Promise<InvitationRecord> {
    return this.post<InvitationRecord>('subscription/invitations/revoke', { body });
  }

  setUsersActive(body: RestBody): Promise<ClientUser[]> {
    return this.post<ClientUser[]>('subscription/UserActivation', { body });
  }

  decideApproval(body: RestBody): Promise<ClientUser[]> {
    return this.post<ClientUser[]>('subscription/UserApproval', { body });
  }

  signOutUsers(body: RestBody): Promise<UsersSignedOut> {
    return this.post<UsersSignedOut>('subscription/users/signout', { body });
  }

  /** Each row's problems; writes nothing. */
  previewUserImport(body: RestBody): Promise<UserImportPreviewRecord> {
    return this.post<UserImportPreviewRecord>('subscription/users/import/preview', { body });
  }

  /** Invites every row, all or none. */
  importUsers(body: RestBody): Promise<UsersImported> {
    return this.post<UsersImported>('subscription/users/import', { body });
  }
}
