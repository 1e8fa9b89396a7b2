/** Order of a sorted list, as the list contract of the schema names it. */
export type SortDirection = 'ASC' | 'DESC';

/** Which column a list is sorted by (a sort key the screen declared) and in which order. */
export type ListSort<Key extends string = string> = { key: Key; direction: SortDirection };

/**
 * What a table needs to show and change a list's page, size, sort and search: the list-state
 * hook gives exactly this from the URL, and tests give it from a plain object.
 */
export interface ListControls {
  /** 1-based page number. */
  page: number;
  pageSize: number;
  /** Page sizes the reader may choose from. */
  pageSizes: readonly number[];
  sort: ListSort;
  /** Column ids the server can sort by; other columns are not sortable. */
  sortKeys: readonly string[];
  /** What the search box shows: the typed text, before it reaches the URL and the server. */
  searchText: string;
  /** Whether a search or a filter narrows the list (an empty page then means "no match"). */
  isFiltered: boolean;
  /** `replace` corrects the address without a new history entry (e.g. a page past the end). */
  setPage(page: number, options?: { replace?: boolean }): void;
  setPageSize(size: number): void;
  setSort(sort: ListSort): void;
  setSearchText(text: string): void;
  clearSearchAndFilters(): void;
}
