import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_NO_ROWS_MESSAGE,
  USER_IMPORT_TOO_MANY_ROWS_MESSAGE,
} from '@yozy/shared/userImportFile';
import type { UserImportRowInput } from '@/generated/graphql';
import type { ParsedCsv } from '@/lib/csv';

/** The columns a file cannot do without; the others may be left out. */
const REQUIRED: readonly string[] = ['firstName', 'lastName', 'email', 'roles'];

// "First name", "first_name" and "firstName" all name the same column.
const key = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The rows of a file of people, or why the file cannot be used as it is. */
export type ImportFile = { rows: UserImportRowInput[] } | { problem: string };

/** The rows of a CSV file under the import's field names, each cell trimmed. */
export function rowsFromCsv({ headers, rows }: ParsedCsv): ImportFile {
  const columnOf = new Map<string, string>();
  for (const column of USER_IMPORT_COLUMNS) {
    const header = headers.find((h) => key(h) === key(column.header) || key(h) === key(column.field));
    if (header !== undefined) columnOf.set(column.field, header);
  }
  const missing = USER_IMPORT_COLUMNS.filter((column) => REQUIRED.includes(column.field) && !columnOf.has(column.field));
  if (missing.length > 0) {
    const names = missing.map((column) => `“${column.header}”`).join(', ');
    return { problem: `The file has no ${missing.length === 1 ? 'column' : 'columns'} ${names}. Start from the template.` };
  }
  if (rows.length === 0) return { problem: USER_IMPORT_NO_ROWS_MESSAGE };
  if (rows.length > USER_IMPORT_MAX_ROWS) return { problem: USER_IMPORT_TOO_MANY_ROWS_MESSAGE };
  return {
    rows: rows.map((record) => {
      const row: UserImportRowInput = {};
      for (const [field, header] of columnOf) row[field as keyof UserImportRowInput] = (record[header] ?? '').trim();
      return row;
    }),
  };
}
