import type { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { requiredText } from './rules';
import { INVITE_USER_REST_FIELDS, inviteUserInput } from './users';

/**
 * Importing people from a CSV file: each row is an invitation (the same rules as the invitation
 * form), with its roles written as text, one or more per product, so a file can be filled in a
 * spreadsheet: `Yozy Web: Member; Yozy Lite: Viewer`, or only `Member` when one product has it.
 */

/** The most rows one import checks or invites; a larger file is split. */
export const USER_IMPORT_MAX_ROWS = 500;

export const USER_IMPORT_TOO_MANY_ROWS_MESSAGE = `An import takes at most ${USER_IMPORT_MAX_ROWS} rows; split the file and import each part`;
export const USER_IMPORT_NO_ROWS_MESSAGE = 'The file has no rows of people';
export const ROLES_MISSING_MESSAGE = 'Give at least one role, such as “Yozy Web: Member”';

/** One row of the file: the invitation's fields, with roles as written in the file. */
export const importUserRow = inviteUserInput.omit({ roleId: true }).extend({
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
} as const satisfies FieldMap<keyof ImportUserRow & string>;

/** The columns of the file in the template's order, with the header each is recognised by. */
export const USER_IMPORT_COLUMNS: readonly { field: keyof ImportUserRow & string; header: string }[] = [
  { field: 'firstName', header: 'First name' },
  { field: 'lastName', header: 'Last name' },
  { field: 'email', header: 'Email' },
  { field: 'departmentName', header: 'Department name' },
  { field: 'departmentCode', header: 'Department code' },
  { field: 'phone', header: 'Phone' },
  { field: 'roles', header: 'Roles' },
];

/** The template file: the header row only. */
export const USER_IMPORT_TEMPLATE = `${USER_IMPORT_COLUMNS.map((column) => column.header).join(',')}\r\n`;

/** One role as written in a row: the product's name when given, and the role's. */
export type WrittenRole = { product: string | null; role: string };

/** `Yozy Web: Member; Viewer` → the roles written, blanks left out. */
export function parseWrittenRoles(text: string): WrittenRole[] {
  return text
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      const colon = entry.lastIndexOf(':');
      if (colon < 0) return { product: null, role: entry };
      const product = entry.slice(0, colon).trim();
      return { product: product || null, role: entry.slice(colon + 1).trim() };
    });
}
