export { DataTable, type DataTableProps } from './DataTable';
export { EXPORT_ROW_LIMIT } from './useCsvExport';
export { BooleanFilterSelect, FilterSelect, type BooleanFilterSelectProps, type FilterSelectProps } from './FilterSelect';
export { RowActionButton } from './RowActionButton';
export { totalText } from './TablePagination';
export { DayRangeFilter, type DayRangeFilterProps } from './DayRangeFilter';
export type { BulkAction } from './BulkActionBar';
export type { DataTableColumn } from './columns';
export type { TableSearch } from './TableToolbar';
