import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { emailAddress, optionalText, PHONE, recordId, requiredText } from './rules';

/**
 * An organisation's people as the user management screen shows and changes them. The invitation
 * form of the console and the REST service check the same rules; the REST names are the
 * provider's (`UserFirstname`, `OfficialEmail`, …).
 */

/** A user's fields: the GraphQL name of each, and the REST service's. */
export const USER_REST_FIELDS = {
  id: 'ClientUserId',
  uuid: 'UUID',
  organizationId: 'ClientId',
  firstName: 'UserFirstname',
  lastName: 'UserLastname',
  email: 'OfficialEmail',
  phone: 'Phone',
  departmentName: 'DepartmentName',
  departmentCode: 'DepartmentCode',
  typeOfUser: 'TypeOfUser',
  isActive: 'IsActive',
  status: 'Status',
  createdAt: 'CreatedAt',
} as const satisfies FieldMap;

/** Someone an administrator invites: they get a mail with a link to choose their password. */
export const inviteUserInput = z.object({
  firstName: requiredText('Enter the first name', 100),
  lastName: requiredText('Enter the last name', 100),
  email: emailAddress('Enter the email address'),
  departmentName: optionalText(100),
  departmentCode: optionalText(20),
  phone: optionalText(32, PHONE),
  roleId: recordId('Choose a role'),
  /** A member by default; an organisation admin runs the organisation's console as well. */
  typeOfUser: z.enum(['User', 'OrgAdmin'], { error: 'Choose member or organization admin' }).default('User'),
});

export type InviteUserInput = z.input<typeof inviteUserInput>;

/** The invitation's fields as the REST service names them (POST /subscription/usercreation). */
export const INVITE_USER_REST_FIELDS = {
  firstName: 'UserFirstname',
  lastName: 'UserLastname',
  email: 'OfficialEmail',
  departmentName: 'DepartmentName',
  departmentCode: 'DepartmentCode',
  phone: 'Phone',
  roleId: 'RoleId',
  typeOfUser: 'TypeOfUser',
} as const satisfies FieldMap<keyof InviteUserInput & string>;

/** A person's own details as their page edits them: the invitation's rules, without the email, role or kind. */
export const editUserProfileInput = inviteUserInput.pick({
  firstName: true,
  lastName: true,
  departmentName: true,
  departmentCode: true,
  phone: true,
});

export type EditUserProfileInput = z.input<typeof editUserProfileInput>;

/** The profile's fields as the REST service names them (POST /subscription/users/profile). */
export const EDIT_USER_PROFILE_REST_FIELDS = {
  firstName: 'UserFirstname',
  lastName: 'UserLastname',
  departmentName: 'DepartmentName',
  departmentCode: 'DepartmentCode',
  phone: 'Phone',
} as const satisfies FieldMap<keyof EditUserProfileInput & string>;
