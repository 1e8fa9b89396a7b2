/**
 * What the browser needs to read a file of people before any rule is checked: the columns of the
 * file, the template, the bounds and their words. Free of zod, so the users screen can use it
 * without loading the input rules. The console imports it as `@yozy/shared/userImportFile`:
 * through the inputs barrel, the bundler splits the sign-in page's code differently and its
 * first download grows by some 18 kB.
 */

/** The most rows one import checks or invites; a larger file is split. */
export const USER_IMPORT_MAX_ROWS = 500;

export const USER_IMPORT_TOO_MANY_ROWS_MESSAGE = `An import takes at most ${USER_IMPORT_MAX_ROWS} rows; split the file and import each part`;
export const USER_IMPORT_NO_ROWS_MESSAGE = 'The file has no rows of people';
export const ROLES_MISSING_MESSAGE = 'Give at least one role, such as “Yozy Web: Member”';

/** The columns of the file in the template's order, with the header each is recognised by. */
export type ImportColumnField = 'firstName' | 'lastName' | 'email' | 'departmentName' | 'departmentCode' | 'phone' | 'roles';

export const USER_IMPORT_COLUMNS: readonly { field: ImportColumnField; header: string }[] = [
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
