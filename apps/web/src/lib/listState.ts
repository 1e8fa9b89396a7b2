import { createParser, createSerializer, type inferParserType, type ParserMap } from 'nuqs';
import type { ListSort, SortDirection } from './listControls';

export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;

/** Query-string keys every list uses; a screen's filters take other names. */
const RESERVED_KEYS = ['page', 'size', 'sort', 'q'] as const;

/**
 * What a list screen declares once: the columns the server sorts by (the URL's short key and the
 * schema's sort-field enum value), the default order, and its filters as nuqs parsers named like
 * the fields of the list's GraphQL filter input. The same declaration types the URL, the screen's
 * state and the query variables, and builds links to the list from other screens.
 */
export type ListDefinition<SortKey extends string = string, SortField extends string = string, Filters extends ParserMap = ParserMap> = {
  /** URL key → the schema's sort field, e.g. `{ name: 'COMPANY_NAME' }`. */
  sortFields: Readonly<Record<SortKey, SortField>>;
  defaultSort: ListSort<NoInfer<SortKey>>;
  /** Parsers without defaults: a filter that is not in the URL does not narrow the list. */
  filters: Filters;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
};

/** Any list's declaration, for the types and helpers that work with every list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyListDefinition = ListDefinition<any, any, any>;
export type SortKeyOf<D extends AnyListDefinition> = Extract<keyof D['sortFields'], string>;
export type SortFieldOf<D extends AnyListDefinition> = D['sortFields'][SortKeyOf<D>];
export type FiltersOf<D extends AnyListDefinition> = D['filters'];
/** The list's filter as its GraphQL filter input takes it: only the filters in use. */
export type FilterValues<D extends AnyListDefinition> = { [K in keyof FiltersOf<D>]?: NonNullable<inferParserType<FiltersOf<D>[K]>> };

/** The variables of the list contract: `things(page, search, filter, sort)`. */
export type ListVariables<D extends AnyListDefinition> = {
  page: { offset: number; limit: number };
  search?: string;
  filter?: FilterValues<D>;
  sort: { field: SortFieldOf<D>; direction: SortDirection };
};

/** A list as a link shows it; everything left out is the list's default. */
export type ListLink<D extends AnyListDefinition> = {
  page?: number;
  pageSize?: number;
  sort?: ListSort<SortKeyOf<D>>;
  search?: string;
  filter?: FilterValues<D>;
};

/** Checks a declaration once, where it is written, so a clash shows at start rather than as odd URLs. */
/* @__NO_SIDE_EFFECTS__ */
export function defineList<const SortKey extends string, const SortField extends string, Filters extends ParserMap = Record<never, never>>(
  definition: ListDefinition<SortKey, SortField, Filters>,
): ListDefinition<SortKey, SortField, Filters> {
  const clash = Object.keys(definition.filters).find((key) => (RESERVED_KEYS as readonly string[]).includes(key));
  if (clash) throw new Error(`A list filter cannot be named "${clash}": the list uses that key for itself`);
  if (!(definition.defaultSort.key in definition.sortFields))
    throw new Error(`The default sort "${definition.defaultSort.key}" is not a sort key`);
  const sizes = definition.pageSizes ?? DEFAULT_PAGE_SIZES;
  if (!sizes.includes(definition.defaultPageSize ?? DEFAULT_PAGE_SIZE))
    throw new Error('The default page size must be one of the page sizes');
  if (sizes.some((size) => size < 1 || size > 100)) throw new Error('Page sizes must be 1 to 100, as the list contract allows');
  return definition;
}

/** A calendar day in the address as YYYY-MM-DD (a date range filter); anything else is ignored. */
export const parseAsDay = createParser<string>({
  parse: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null),
  serialize: (value) => value,
});

const pageParser = createParser<number>({
  parse: (value) => (/^[1-9]\d{0,8}$/.test(value) ? Number(value) : null),
  serialize: String,
});

// Typed or pasted by hand: surrounding spaces never reach the server.
const searchParser = createParser<string>({
  parse: (value) => value.trim() || null,
  serialize: (value) => value.trim(),
});

function pageSizeParser(sizes: readonly number[]) {
  return createParser<number>({
    parse: (value) => (sizes.map(String).includes(value) ? Number(value) : null),
    serialize: String,
  });
}

/** `sort=name` is ascending, `sort=-name` descending; keys the list does not sort by are ignored. */
function sortParser<SortKey extends string>(sortFields: Readonly<Record<SortKey, string>>) {
  return createParser<ListSort<SortKey>>({
    parse: (value) => {
      const direction: SortDirection = value.startsWith('-') ? 'DESC' : 'ASC';
      const key = direction === 'DESC' ? value.slice(1) : value;
      return Object.hasOwn(sortFields, key) ? { key: key as SortKey, direction } : null;
    },
    serialize: (sort) => `${sort.direction === 'DESC' ? '-' : ''}${sort.key}`,
    eq: (a, b) => a.key === b.key && a.direction === b.direction,
  });
}

function buildParsers(definition: AnyListDefinition) {
  const sizes = definition.pageSizes ?? DEFAULT_PAGE_SIZES;
  return {
    page: pageParser.withDefault(1),
    size: pageSizeParser(sizes).withDefault(definition.defaultPageSize ?? DEFAULT_PAGE_SIZE),
    sort: sortParser<string>(definition.sortFields).withDefault(definition.defaultSort),
    q: searchParser.withDefault(''),
  };
}

/** The parsers of the keys every list has; the screen's filters come from its definition. */
export type ListParsers = ReturnType<typeof buildParsers>;

const parserCache = new WeakMap<AnyListDefinition, ListParsers>();

/** The nuqs parsers of a list's page, size, sort and search; one object per definition, so hooks see stable keys. */
export function listParsers(definition: AnyListDefinition): ListParsers {
  let parsers = parserCache.get(definition);
  if (!parsers) {
    parsers = buildParsers(definition);
    parserCache.set(definition, parsers);
  }
  return parsers;
}

/**
 * A link to a list in a given state, e.g. the users list filtered to disabled accounts:
 * `listHref('/UserManagement', userList, { filter: { status: 'DISABLED' } })`. Defaults stay out
 * of the address, so the plain list keeps its plain path.
 */
export function listHref<D extends AnyListDefinition>(path: string, definition: D, link: ListLink<D> = {}): string {
  const serialize = createSerializer<ParserMap>({ ...listParsers(definition), ...definition.filters });
  const values: Record<string, unknown> = {
    page: link.page ?? null,
    size: link.pageSize ?? null,
    sort: link.sort ?? null,
    q: link.search?.trim() || null,
    ...link.filter,
  };
  return serialize(path, values);
}

/** The list contract's variables for a list in a given state. */
export function listVariables<D extends AnyListDefinition>(
  definition: D,
  state: { page: number; pageSize: number; sort: ListSort<SortKeyOf<D>>; search: string; filter: FilterValues<D> },
): ListVariables<D> {
  const filter = Object.fromEntries(Object.entries(state.filter).filter(([, value]) => value !== null && value !== undefined));
  return {
    page: { offset: (state.page - 1) * state.pageSize, limit: state.pageSize },
    search: state.search || undefined,
    filter: Object.keys(filter).length > 0 ? (filter as FilterValues<D>) : undefined,
    sort: { field: definition.sortFields[state.sort.key] as SortFieldOf<D>, direction: state.sort.direction },
  };
}
