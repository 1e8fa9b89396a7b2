import { Checkbox } from '@chakra-ui/react';
import type { DataTableColumn } from './columns';

/** The id of the column of checkboxes that select rows for the bulk actions. */
export const SELECT_COLUMN = '__select';
export const SELECT_WIDTH = '2.75rem';
/** The checkbox column has one width at every table size, so the next column knows where to stick. */
export const selectCell = { width: SELECT_WIDTH, minWidth: SELECT_WIDTH, maxWidth: SELECT_WIDTH, px: '0' };

/** The checkboxes: one in the header for every row of the page, one a row named by `rowLabel`. */
export function selectColumn<Row>(rowLabel: (row: Row) => string): DataTableColumn<Row> {
  return {
    id: SELECT_COLUMN,
    enableSorting: false,
    header: ({ table }) => (
      <Checkbox.Root
        size="sm"
        colorPalette="brand"
        checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
        onCheckedChange={(details) => table.toggleAllRowsSelected(details.checked === true)}
        disabled={table.getRowModel().rows.length === 0}
      >
        <Checkbox.HiddenInput aria-label="Select all rows on this page" />
        <Checkbox.Control />
      </Checkbox.Root>
    ),
    cell: ({ row }) => (
      <Checkbox.Root
        size="sm"
        colorPalette="brand"
        checked={row.getIsSelected()}
        onCheckedChange={(details) => row.toggleSelected(details.checked === true)}
      >
        <Checkbox.HiddenInput aria-label={`Select ${rowLabel(row.original)}`} />
        <Checkbox.Control />
      </Checkbox.Root>
    ),
  };
}
