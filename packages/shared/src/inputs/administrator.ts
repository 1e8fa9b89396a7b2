import type { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { inviteUserInput } from './users';

/** Another of the provider's SuperAdmins, invited by one: they get a mail with a link to choose their password. */
export const inviteAdministratorInput = inviteUserInput.pick({ firstName: true, lastName: true, email: true, phone: true });

export type InviteAdministratorInput = z.input<typeof inviteAdministratorInput>;

/** The invitation's fields as the REST service names them (POST /platform/administrators). */
export const INVITE_ADMINISTRATOR_REST_FIELDS = {
  firstName: 'UserFirstname',
  lastName: 'UserLastname',
  email: 'OfficialEmail',
  phone: 'Phone',
} as const satisfies FieldMap<keyof InviteAdministratorInput & string>;

/** A provider administrator's fields: the GraphQL name of each, and the REST service's. */
export const ADMINISTRATOR_REST_FIELDS = {
  id: 'UserId',
  firstName: 'UserFirstname',
  lastName: 'UserLastname',
  email: 'OfficialEmail',
  phone: 'Phone',
  isActive: 'IsActive',
  status: 'Status',
  twoFactorOn: 'TwoFactorOn',
  lastSignInAt: 'LastSignInAt',
  createdAt: 'CreatedAt',
} as const satisfies FieldMap;
