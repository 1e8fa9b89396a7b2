import { Box, Button, Skeleton, Table, VisuallyHidden } from '@chakra-ui/react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { LuCircleAlert, LuInbox, LuSearchX } from 'react-icons/lu';
import type { TotalCountKind } from '@/generated/schema';
import type { CsvColumn } from '@/lib/csv';
import type { ListControls } from '@/lib/listControls';
import { toastFailure } from '@/lib/payloadErrors';
import { describeRequestError } from '@/lib/requestErrors';
import { useHorizontalOverflow } from '@/lib/useHorizontalOverflow';
import { BulkActionBar, rowsFor, type BulkAction } from './BulkActionBar';
import { ACTIONS_COLUMN, columnId, columnName, csvColumns, type DataTableColumn } from './columns';
import { selectCell, selectColumn, SELECT_COLUMN } from './selectColumn';
import { ColumnsMenu, type ChoosableColumn } from './ColumnsMenu';
import { ariaSort, SortButton } from './SortButton';
import { TableNotice } from './TableNotice';
import { ScrollHint } from './ScrollHint';
import { pageCountOf, TablePagination } from './TablePagination';
import { TableToolbar, type TableSearch } from './TableToolbar';
import { useCsvExport } from './useCsvExport';
import { stickyColumns } from './stickyColumns';
import { useHiddenColumns } from './useHiddenColumns';

/** The end edge of a table whose last columns are out of sight fades out over this much. */
const EDGE_FADE = 'linear-gradient(to right, black calc(100% - 2.5rem), rgba(0, 0, 0, 0.35))';
const NO_ROWS: never[] = [];

export type DataTableProps<Row> = {
  /**
   * The list's name for people: the table's accessible name, the export's file name, and the key
   * under which this browser remembers the columns the reader hid.
   */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  /** The current page's rows; undefined until the first answer arrives. */
  rows: readonly Row[] | undefined;
  /** Rows in the whole list as it is searched and filtered now. */
  totalCount: number | undefined;
  /** MORE_THAN: the server stopped counting at `totalCount`, and the list goes on past it. */
  totalCountKind?: TotalCountKind;
  getRowId: (row: Row) => string;
  /** Names a row for the selection checkbox, e.g. its organisation's name (first column by default). */
  getRowLabel?: (row: Row) => string;
  list: ListControls;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** An empty list (nothing searched or filtered): what the screen is for and its main action. */
  empty: { title: string; description: ReactNode; action?: ReactNode };
  /** Shows a search box, whose text the list state carries to the server. */
  search?: TableSearch;
  /** The screen's filter controls, shown beside the search box. */
  filters?: ReactNode;
  /** Offering actions lets the reader select rows. */
  bulkActions?: readonly BulkAction<Row>[];
  /** Every row the current search and filters show, from all pages (see collectAllPages). */
  exportRows?: () => Promise<readonly Row[]>;
  /** Columns only the export has, after the table's own, made from the rows exported (one per product, say). */
  exportColumns?: (rows: readonly Row[]) => readonly CsvColumn<Row>[];
  testId?: string;
};

/**
 * The one table of every list screen: server-side pages, sorting and search (the list state lives in
 * the URL), row selection with the screen's bulk actions, CSV export, and a clear state for loading,
 * an empty list, no match and failure.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  totalCount,
  totalCountKind = 'EXACT',
  getRowId,
  getRowLabel,
  list,
  loading = false,
  error,
  onRetry,
  empty,
  search,
  filters,
  bulkActions,
  exportRows,
  exportColumns,
  testId = 'data-table',
}: DataTableProps<Row>) {
  const selectable = Boolean(bulkActions?.length);
  const total = totalCount ?? 0;
  const pageRows = rows ?? NO_ROWS;
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [busyAction, setBusyAction] = useState<string | null>(null);
  const { ref: scrollRef, overflowing, hiddenStart, hiddenEnd, scrollByPage } = useHorizontalOverflow<HTMLDivElement>();
  const { hidden, setShown } = useHiddenColumns(label);

  // Selection belongs to the rows in view: another page, sort or search starts with none.
  const rowIds = pageRows.map(getRowId).join('\n');
  const [selectionFor, setSelectionFor] = useState(rowIds);
  if (selectionFor !== rowIds) {
    setSelectionFor(rowIds);
    setRowSelection({});
  }

  const firstColumnLabel = useMemo(() => {
    const first = columns.find((column) => columnId(column) !== undefined);
    const value = first ? csvColumns([first])[0]?.value : undefined;
    return (row: Row) => String(value?.(row) ?? '');
  }, [columns]);
  const rowLabel = getRowLabel ?? firstColumnLabel;

  // Every named column but the row's actions; the first names each row, so it always shows.
  const choosable = useMemo<ChoosableColumn[]>(
    () =>
      columns.flatMap((column, index) => {
        const id = columnId(column);
        const name = columnName(column);
        if (id === undefined || name === undefined || id === ACTIONS_COLUMN) return [];
        return [{ id, name, locked: index === 0, shown: index === 0 || !hidden.includes(id) }];
      }),
    [columns, hidden],
  );
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(choosable.map((column) => [column.id, column.shown])),
    [choosable],
  );

  const tableColumns = useMemo<DataTableColumn<Row>[]>(() => {
    const sortable = columns.map((column) => {
      const id = columnId(column);
      return { ...column, enableSorting: id !== undefined && list.sortKeys.includes(id) };
    });
    if (!selectable) return sortable;
    return [selectColumn<Row>(rowLabel), ...sortable];
  }, [columns, list.sortKeys, selectable, rowLabel]);

  const sorting: SortingState = [{ id: list.sort.key, desc: list.sort.direction === 'DESC' }];
  // TanStack keeps no copy of the sort or page: both come from the list state (the URL).
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [next] = typeof updater === 'function' ? updater(sorting) : updater;
    if (next) list.setSort({ key: next.id, direction: next.desc ? 'DESC' : 'ASC' });
  };

  // TanStack's hook returns functions that change identity each render; React Compiler must not memoise them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: pageRows as Row[],
    columns: tableColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total,
    enableMultiSort: false,
    enableSortingRemoval: false,
    // Ascending first unless a column asks otherwise (`sortDescFirst`, e.g. for "newest first").
    sortDescFirst: false,
    enableRowSelection: selectable,
    state: { sorting, rowSelection, columnVisibility, pagination: { pageIndex: list.page - 1, pageSize: list.pageSize } },
    onSortingChange,
    onRowSelectionChange: setRowSelection,
  });

  const pageCount = pageCountOf(total, list.pageSize);
  const pastTheEnd = !loading && !error && rows !== undefined && rows.length === 0 && total > 0 && list.page > pageCount;
  useEffect(() => {
    // Rows were removed or a shared link is older than the list: show the last page instead.
    if (pastTheEnd) list.setPage(pageCount, { replace: true });
  }, [pastTheEnd, pageCount, list]);

  const selectedRows = table.getSelectedRowModel().rows.map((row) => row.original);
  const csv = useCsvExport({ label, columns, exportRows, exportColumns, total, totalCountKind });

  async function runBulkAction(action: BulkAction<Row>) {
    setBusyAction(action.label);
    try {
      await action.onAction(rowsFor(action, selectedRows));
      setRowSelection({});
    } catch (failure) {
      toastFailure(`${action.label} did not finish`, failure);
    } finally {
      setBusyAction(null);
    }
  }

  const toolbar = (
    <TableToolbar
      search={search}
      searchText={list.searchText}
      onSearchTextChange={list.setSearchText}
      filters={filters}
      exporting={csv.exporting}
      canExport={total > 0 && !loading && !error}
      onExport={exportRows ? () => void csv.download() : undefined}
      columnsMenu={choosable.length > 1 ? <ColumnsMenu columns={choosable} onShownChange={setShown} /> : undefined}
    />
  );

  if (error) {
    return (
      <Box data-testid={testId}>
        {toolbar}
        <TableNotice
          icon={LuCircleAlert}
          role="alert"
          title={`${label} could not be loaded`}
          description={describeRequestError(error)}
          action={
            onRetry && (
              <Button colorPalette="brand" onClick={onRetry}>
                Try again
              </Button>
            )
          }
          testId="table-error"
        />
      </Box>
    );
  }

  const answered = rows !== undefined && !pastTheEnd;
  if (answered && rows.length === 0 && !loading) {
    if (!list.isFiltered) {
      return (
        <Box data-testid={testId}>
          <TableNotice icon={LuInbox} title={empty.title} description={empty.description} action={empty.action} testId="table-empty" />
        </Box>
      );
    }
    return (
      <Box data-testid={testId}>
        {toolbar}
        <TableNotice
          icon={LuSearchX}
          role="status"
          title="Nothing matches your search or filters"
          description="Try other words or fewer filters, or clear them to see the whole list."
          action={
            <Button variant="outline" onClick={list.clearSearchAndFilters}>
              Clear search and filters
            </Button>
          }
          testId="table-no-match"
        />
      </Box>
    );
  }

  const waiting = !answered;
  const skeletonRows = Math.min(list.pageSize, 8);
  const lastColumn = table.getVisibleLeafColumns().length - 1;
  const actionsLast = table.getVisibleLeafColumns()[lastColumn]?.id === ACTIONS_COLUMN;
  const stickyStyle = stickyColumns({ kept: selectable ? 2 : 1, lastColumn, actionsLast, hiddenStart, hiddenEnd });

  return (
    <Box data-testid={testId}>
      {toolbar}
      {selectable && selectedRows.length > 0 && bulkActions && (
        <BulkActionBar
          selected={selectedRows}
          actions={bulkActions}
          busyAction={busyAction}
          onAction={(action) => void runBulkAction(action)}
          onClear={() => setRowSelection({})}
        />
      )}
      <VisuallyHidden aria-live="polite">{selectedRows.length > 0 ? `${selectedRows.length} selected` : ''}</VisuallyHidden>
      {waiting && (
        <VisuallyHidden role="status" data-testid="table-loading">
          Loading {label.toLowerCase()}
        </VisuallyHidden>
      )}
      {/* A table wider than its frame says so, and which way the rest lies, rather than cutting its last columns off. */}
      {overflowing && <ScrollHint hiddenStart={hiddenStart} hiddenEnd={hiddenEnd} onScroll={scrollByPage} label={label} />}
      <Table.ScrollArea
        ref={scrollRef}
        borderWidth="1px"
        rounded="lg"
        bg="bg"
        // Only a box that scrolls needs to take focus, so keyboard users can scroll it.
        tabIndex={overflowing ? 0 : undefined}
        role={overflowing ? 'region' : undefined}
        aria-label={overflowing ? `${label} (scrolls sideways)` : undefined}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
        // The edge where columns are out of sight shades off, unless the row's actions stay there.
        css={{ maskImage: hiddenEnd && !actionsLast ? EDGE_FADE : undefined }}
      >
        <Table.Root
          size={{ base: 'sm', md: 'md' }}
          aria-label={label}
          aria-busy={loading || waiting}
          css={{ '& tr:last-of-type td': { borderBottomWidth: 0 } }}
        >
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id} bg="bg.muted">
                {group.headers.map((header, index) => {
                  const column: Column<Row> = header.column;
                  const numeric = column.columnDef.meta?.numeric;
                  const sorted = column.getIsSorted();
                  return (
                    <Table.ColumnHeader
                      key={header.id}
                      aria-sort={column.getCanSort() ? ariaSort(sorted) : undefined}
                      textAlign={column.id === SELECT_COLUMN ? 'center' : numeric ? 'end' : 'start'}
                      color="fg.muted"
                      fontWeight="semibold"
                      whiteSpace="nowrap"
                      {...(column.id === SELECT_COLUMN ? selectCell : {})}
                      {...stickyStyle(index)}
                    >
                      {header.isPlaceholder ? null : column.getCanSort() ? (
                        <SortButton sorted={sorted} numeric={numeric} onClick={column.getToggleSortingHandler() ?? (() => undefined)}>
                          {flexRender(column.columnDef.header, header.getContext())}
                        </SortButton>
                      ) : (
                        flexRender(column.columnDef.header, header.getContext())
                      )}
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body opacity={loading && !waiting ? 0.55 : 1} transition="opacity 0.15s">
            {waiting
              ? Array.from({ length: skeletonRows }, (_, rowIndex) => (
                  <Table.Row key={rowIndex} data-testid="table-skeleton-row">
                    {table.getVisibleLeafColumns().map((column, index) => (
                      <Table.Cell
                        key={column.id}
                        textAlign={column.id === SELECT_COLUMN ? 'center' : undefined}
                        {...(column.id === SELECT_COLUMN ? selectCell : {})}
                        {...stickyStyle(index)}
                      >
                        <Skeleton
                          height="4"
                          width={column.id === SELECT_COLUMN ? '4' : `${60 + ((rowIndex + index) % 3) * 15}%`}
                          mx={column.id === SELECT_COLUMN ? 'auto' : undefined}
                        />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))
              : table.getRowModel().rows.map((row) => (
                  <Table.Row
                    key={row.id}
                    bg={row.getIsSelected() ? 'brand.subtle' : 'bg'}
                    _dark={row.getIsSelected() ? { bg: 'bg.emphasized' } : undefined}
                  >
                    {row.getVisibleCells().map((cell, index) => (
                      <Table.Cell
                        key={cell.id}
                        textAlign={cell.column.id === SELECT_COLUMN ? 'center' : cell.column.columnDef.meta?.numeric ? 'end' : 'start'}
                        fontVariantNumeric={cell.column.columnDef.meta?.numeric ? 'tabular-nums' : undefined}
                        {...(cell.column.id === SELECT_COLUMN ? selectCell : {})}
                        {...stickyStyle(index)}
                        data-row-actions={cell.column.id === ACTIONS_COLUMN || undefined}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {answered && (
        <TablePagination
          label={label}
          page={list.page}
          pageSize={list.pageSize}
          pageSizes={list.pageSizes}
          totalCount={total}
          totalCountKind={totalCountKind}
          rowsOnPage={rows.length}
          onPageChange={(page) => list.setPage(page)}
          onPageSizeChange={list.setPageSize}
        />
      )}
    </Box>
  );
}
