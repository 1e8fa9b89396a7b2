import type { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { requiredText } from './rules';
import { INVITE_USER_REST_FIELDS, inviteUserInput } from './users';
import { ROLES_MISSING_MESSAGE, type ImportColumnField } from './userImportFile';

/**
 * Importing people from a CSV file: each row is an invitation (the same rules as the invitation
 * form), with its roles written as text, one or more per product, so a file can be filled in a
 * spreadsheet: `Yozy Web: Member; Yozy Lite: Viewer`, or only `Member` when one product has it.
 */

/** One row of the file: the invitation's fields, with roles as written in the file. */
export const importUserRow = inviteUserInput.omit({ roleId: true, typeOfUser: true }).extend({
  roles: requiredText(ROLES_MISSING_MESSAGE, 1000),
});

export type ImportUserRow = z.input<typeof importUserRow>;

/** A row's fields as the REST service names them. */
export const USER_IMPORT_REST_FIELDS = {
  firstName: INVITE_USER_REST_FIELDS.firstName,
  lastName: INVITE_USER_REST_FIELDS.lastName,
  email: INVITE_USER_REST_FIELDS.email,
  departmentName: INVITE_USER_REST_FIELDS.departmentName,
  departmentCode: INVITE_USER_REST_FIELDS.departmentCode,
  phone: INVITE_USER_REST_FIELDS.phone,
  roles: 'Roles',
} as const satisfies FieldMap<keyof ImportUserRow & string> satisfies Record<ImportColumnField, string>;
