import type { FieldMap } from '@yozy/shared';
import { gatewayError, namingFields } from './errors';
import type { InputMaybe, PageInfo, PageInput, SortDirection, TotalCountKind } from './generated/schema';

/**
 * The one way every list of the schema reaches the REST service and comes back: `page`, `search`,
 * `filter` and `sort` become REST parameters (`limit`/`offset`, `or=(…)`, `Field=op.value`,
 * `order=`), and the rows with their `Content-Range` become `{ totalCount, totalCountKind, pageInfo, nodes }`.
 * A list declares only which REST fields it searches, filters and sorts, and the GraphQL names of
 * its REST fields, so that a refusal of one (a filter's value) names the field the caller knows.
 */

export const MAX_PAGE_SIZE = 100;
/** The window of a page, after GraphQL's defaults (offset 0, limit 25). */
type Window = { offset: number; limit: number };
export const DEFAULT_PAGE: Window = { offset: 0, limit: 25 };
const MAX_SEARCH_LENGTH = 100;

/** How a filter field narrows the list: the REST field and the comparison. */
type FilterRule = readonly [restField: string, operator: 'eq' | 'gte' | 'lte'];

export type ListSpec<Filter, SortField extends string> = {
  /** REST fields the search text is looked for in, ignoring case. */
  search: readonly string[];
  /** Every field of the list's filter input, with the REST field and comparison it stands for. */
  filter: { readonly [Name in keyof Filter]-?: FilterRule };
  /** The REST field each sort field orders by; the REST service only sorts on indexed fields. */
  sort: Readonly<Record<SortField, string>>;
  /** The order when the caller gives none. */
  defaultSort: { field: SortField; direction: SortDirection };
  /**
   * The GraphQL name of each REST field (GraphQL → REST): a REST refusal of a field is answered
   * naming the GraphQL one (`namingFields`); without it the refusal names none.
   */
  fields?: FieldMap;
};

export type ListArgs<Filter, SortField extends string> = {
  page?: InputMaybe<PageInput>;
  search?: InputMaybe<string>;
  filter?: InputMaybe<Filter>;
  sort?: InputMaybe<{ field: SortField; direction?: SortDirection }>;
};

/**
 * A page of rows as the REST service answers a bounded count: `Content-Range` (0-24/312, or 0-24/*
 * when the count stopped) and, when it stopped, how many rows it got past (`Total-More-Than`).
 */
export type RestPage<Row> = { rows: Row[]; contentRange: string | null; totalMoreThan?: string | null };

export type Page<Node> = { totalCount: number; totalCountKind: TotalCountKind; pageInfo: PageInfo; nodes: Node[] };

/** Fetches one page of a list through `fetchPage` (a data source method). */
export async function listPage<Row, Filter extends object, SortField extends string>(
  args: ListArgs<Filter, SortField>,
  spec: ListSpec<Filter, SortField>,
  fetchPage: (params: URLSearchParams) => Promise<RestPage<Row>>,
): Promise<Page<Row>> {
  const { params, page } = restParams(args, spec);
  const asked = fetchPage(params);
  const { rows, contentRange, totalMoreThan } = await (spec.fields ? asked.catch(namingFields(spec.fields)) : asked);
  const { totalCount, totalCountKind } = totalOf(contentRange, totalMoreThan);
  return {
    totalCount,
    totalCountKind,
    pageInfo: {
      offset: page.offset,
      limit: page.limit,
      // A count that stopped went past this page, so rows follow it.
      hasNextPage: totalCountKind === 'MORE_THAN' || page.offset + rows.length < totalCount,
      hasPreviousPage: page.offset > 0,
    },
    nodes: rows,
  };
}

/**
 * The one row of a REST list a read by id narrows it to (`read`), or null when there is none; a
 * refusal (an id that is not a whole number) names the GraphQL argument at fault, through
 * `fields` (GraphQL argument → REST field).
 */
export async function oneRow<Row>(fields: FieldMap, read: Promise<readonly Row[]>): Promise<Row | null> {
  const rows = await read.catch(namingFields(fields));
  return rows[0] ?? null;
}

/** The REST parameters of a list call, after checking the page and the search. */
export function restParams<Filter extends object, SortField extends string>(
  args: ListArgs<Filter, SortField>,
  spec: ListSpec<Filter, SortField>,
): { params: URLSearchParams; page: Window } {
  const page: Window = { offset: args.page?.offset ?? DEFAULT_PAGE.offset, limit: args.page?.limit ?? DEFAULT_PAGE.limit };
  if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > MAX_PAGE_SIZE) {
    throw gatewayError('BAD_USER_INPUT', `A page holds 1 to ${MAX_PAGE_SIZE} rows`, 'page.limit');
  }
  if (!Number.isInteger(page.offset) || page.offset < 0) {
    throw gatewayError('BAD_USER_INPUT', 'The offset is 0 or more', 'page.offset');
  }
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });

  const search = args.search?.trim() ?? '';
  if (search.length > MAX_SEARCH_LENGTH) {
    throw gatewayError('BAD_USER_INPUT', `Search for at most ${MAX_SEARCH_LENGTH} characters`, 'search');
  }
  if (search) params.set('or', `(${spec.search.map((field) => `${field}.ilike.${quoted(`*${search}*`)}`).join(',')})`);

  for (const [name, value] of Object.entries(args.filter ?? {})) {
    if (value === null || value === undefined) continue;
    const [field, operator] = spec.filter[name as keyof Filter];
    params.append(field, `${operator}.${String(value)}`);
  }

  const sort = args.sort ?? spec.defaultSort;
  params.set('order', `${spec.sort[sort.field]}.${sort.direction === 'DESC' ? 'desc' : 'asc'}`);
  return { params, page };
}

/** A search value in PostgREST's double quotes, so commas, parentheses and quotes stay text. */
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * The total of `Content-Range: 0-24/312` or `*\/0`, or of `0-24/*` with the number the count went
 * past; a list answer without one breaks the contract.
 */
function totalOf(
  contentRange: string | null,
  totalMoreThan: string | null | undefined,
): Pick<Page<unknown>, 'totalCount' | 'totalCountKind'> {
  const total = /^(?:\d+-\d+|\*)\/(\d+|\*)$/.exec(contentRange ?? '')?.[1];
  if (total !== undefined && total !== '*') return { totalCount: Number(total), totalCountKind: 'EXACT' };
  if (total === '*' && /^\d+$/.test(totalMoreThan ?? '')) return { totalCount: Number(totalMoreThan), totalCountKind: 'MORE_THAN' };
  throw new Error(`The REST list answered without a total (Content-Range: ${contentRange}, Total-More-Than: ${totalMoreThan})`);
}
