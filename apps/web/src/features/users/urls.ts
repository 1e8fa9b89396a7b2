import { organizationTabPath } from '@/features/organizations/urls';

export const userManagementPath = '/UserManagement';
/** One person of the viewer's own organisation: `/UserManagement/{userId}`. */
export const personRoute = `${userManagementPath}/:userId`;

/**
 * One person's page: under the organisation admin's user management, or, where the provider names
 * the organisation, under that organisation's user tab (`/OrganizationDetails/Organization/7/user/42`).
 */
export const personPath = (userId: string, organizationId?: string) =>
  `${organizationId ? organizationTabPath(organizationId, 'user') : userManagementPath}/${encodeURIComponent(userId)}`;

/** Person ids are whole numbers; anything else names nobody (and is not asked for). */
export const isPersonId = (userId: string | undefined): userId is string => userId !== undefined && /^[1-9]\d{0,9}$/.test(userId);

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
