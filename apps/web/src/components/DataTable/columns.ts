import type { ColumnDef, RowData } from '@tanstack/react-table';
import type { CsvColumn, CsvValue } from '@/lib/csv';

declare module '@tanstack/react-table' {
  // The type parameters must repeat TanStack's own for the declarations to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The cell's text in a CSV export; the column's value when absent; `false` leaves it out. */
    csv?: ((row: TData) => CsvValue) | false;
    /** The column's heading in a CSV export, when its header is not plain text. */
    csvHeader?: string;
    /** Numbers: aligned to the end so digits line up. */
    numeric?: boolean;
  }
}

/**
 * A column of a DataTable. Its `id` (or `accessorKey`) is what the list sorts by when the screen
 * declared it as a sort key. Columns of one table hold values of different types, which is why
 * the value type is left open, as TanStack advises for arrays of columns.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<Row> = ColumnDef<Row, any>;

/**
 * The id of a row's actions column: it stays in view at the table's end edge while the other
 * columns scroll, and the reader cannot hide it.
 */
export const ACTIONS_COLUMN = 'actions';

/** The column's name for people (its plain-text heading), as the columns menu lists it. */
export function columnName<Row>(column: DataTableColumn<Row>): string | undefined {
  return column.meta?.csvHeader ?? (typeof column.header === 'string' && column.header ? column.header : undefined);
}

/** The id TanStack gives a column: its `id`, else its accessor key (dots become underscores). */
export function columnId<Row>(column: DataTableColumn<Row>): string | undefined {
  if (column.id) return column.id;
  if ('accessorKey' in column && column.accessorKey !== undefined) return String(column.accessorKey).replaceAll('.', '_');
  return typeof column.header === 'string' ? column.header : undefined;
}

function readValue<Row>(column: DataTableColumn<Row>): ((row: Row) => CsvValue) | undefined {
  const csv = column.meta?.csv;
  if (csv === false) return undefined;
  if (csv) return csv;
  if ('accessorFn' in column && column.accessorFn) {
    const accessor = column.accessorFn;
    return (row) => accessor(row, 0) as CsvValue;
  }
  if ('accessorKey' in column && column.accessorKey !== undefined) {
    const path = String(column.accessorKey).split('.');
    return (row) => path.reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], row) as CsvValue;
  }
  return undefined;
}

/** The columns of a CSV export: every column with a value, under its plain-text heading. */
export function csvColumns<Row>(columns: readonly DataTableColumn<Row>[]): CsvColumn<Row>[] {
  return columns.flatMap((column) => {
    const value = readValue(column);
    if (!value) return [];
    const header = column.meta?.csvHeader ?? (typeof column.header === 'string' ? column.header : columnId(column));
    return header === undefined ? [] : [{ header, value }];
  });
}
