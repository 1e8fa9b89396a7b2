import { useQueryStates, type ParserMap } from 'nuqs';
import { useEffect, useMemo, useState } from 'react';
import type { ListControls, ListSort } from './listControls';
import {
  DEFAULT_PAGE_SIZES,
  listParsers,
  listVariables,
  type AnyListDefinition,
  type FilterValues,
  type ListVariables,
  type SortKeyOf,
} from './listState';

/** Typing waits this long after the last key before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

export type ListState<D extends AnyListDefinition> = ListControls & {
  sort: ListSort<SortKeyOf<D>>;
  /** The search the list is narrowed by now (trimmed), as opposed to the text being typed. */
  search: string;
  filter: FilterValues<D>;
  setFilter<K extends keyof FilterValues<D>>(key: K, value: FilterValues<D>[K] | null): void;
  /** The variables of the list's query, in the shape of the list contract. */
  variables: ListVariables<D>;
};

/**
 * A list's page, page size, sort, search and filters, kept in the query string so a link shows
 * the same list, a reload keeps it and Back steps through it. Each change that selects other rows
 * is a history entry; refining a search that is already in place is not, so Back leaves the
 * search instead of replaying each word. Changing search, filters, size or sort starts at page 1.
 */
export function useListState<D extends AnyListDefinition>(definition: D): ListState<D> {
  const [state, setState] = useQueryStates(listParsers(definition), { history: 'push' });
  const [filterState, setFilterState] = useQueryStates<ParserMap>(definition.filters, { history: 'push' });
  const { page, size, q } = state;
  const sort = state.sort as ListSort<SortKeyOf<D>>;

  // nuqs hands back the same state object until the query string changes.
  const filter = useMemo(
    () => Object.fromEntries(Object.entries(filterState).filter(([, value]) => value !== null && value !== undefined)) as FilterValues<D>,
    [filterState],
  );

  // What the search box shows runs ahead of the URL while the reader types.
  const [searchText, setSearchTextState] = useState(q);
  const [searchInUrl, setSearchInUrl] = useState(q);
  if (searchInUrl !== q) {
    // Back, Forward or a link changed the search: show it, unless it is what is being typed.
    setSearchInUrl(q);
    if (searchText.trim() !== q) setSearchTextState(q);
  }

  useEffect(() => {
    const search = searchText.trim();
    if (search === q) return;
    // Emptying the box shows the whole list at once; words wait until the typing pauses.
    const timer = setTimeout(
      () => void setState({ q: search || null, page: null }, { history: q === '' ? 'push' : 'replace' }),
      search === '' ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, q, setState]);

  const sortKeys = useMemo(() => Object.keys(definition.sortFields), [definition]);
  const variables = useMemo(
    () => listVariables(definition, { page, pageSize: size, sort, search: q, filter }),
    [definition, page, size, sort, q, filter],
  );

  // Both hooks' changes in one call reach the URL as one update (nuqs queues them together).
  const noFilters = () => setFilterState(Object.fromEntries(Object.keys(definition.filters).map((key) => [key, null])));

  return {
    page,
    pageSize: size,
    pageSizes: definition.pageSizes ?? DEFAULT_PAGE_SIZES,
    sort,
    sortKeys,
    searchText,
    search: q,
    filter,
    isFiltered: q !== '' || Object.keys(filter).length > 0,
    variables,
    setPage: (next, options) => void setState({ page: next }, { history: options?.replace ? 'replace' : 'push' }),
    setPageSize: (next) => void setState({ size: next, page: null }),
    setSort: (next) => {
      // A key the list cannot sort by would be dropped by the parser on reload; drop it now.
      if (!Object.hasOwn(definition.sortFields, next.key)) return;
      void setState({ sort: next, page: null });
    },
    setSearchText: setSearchTextState,
    setFilter: (key, value) => {
      void setFilterState({ [key]: value ?? null });
      void setState({ page: null });
    },
    clearSearchAndFilters: () => {
      setSearchTextState('');
      void noFilters();
      void setState({ q: null, page: null });
    },
  };
}
