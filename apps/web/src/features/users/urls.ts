import { organizationTabPath } from '@/features/organizations/urls';

export const userManagementPath = '/UserManagement';

/** Invitations live under their own segment, apart from the people's own pages (`/UserManagement/{userId}`). */
export const invitationRoute = `${userManagementPath}/invitations/:invitationId`;
/** The same, under the user tab of an organisation the provider looks at. */
export const organizationInvitationRoute = 'user/invitations/:invitationId';

/** The invitations list: the organisation admin's own, or the provider's on an organisation's user tab. */
export const invitationsPath = (organizationId?: string) =>
  `${organizationId ? organizationTabPath(organizationId, 'user') : userManagementPath}?view=invitations`;

/** One invitation at its own address. */
export const invitationPath = (invitationId: string, organizationId?: string) =>
  `${organizationId ? organizationTabPath(organizationId, 'user') : userManagementPath}/invitations/${encodeURIComponent(invitationId)}`;
