import type { TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import type { TotalCountKind } from '@/generated/schema';

/** The most rows one request of the list contract may ask for. */
export const MAX_PAGE_LIMIT = 100;

export type PageRequest = { offset: number; limit: number };
export type FetchedPage<Row> = { nodes: readonly Row[]; totalCount: number; totalCountKind?: TotalCountKind };

/**
 * Every row of a list as it is searched, filtered and sorted now, fetched page after page (for an
 * export). Stops at the total the first answer gave, so rows added meanwhile cannot make it loop.
 */
export async function collectAllPages<Row>(fetchPage: (page: PageRequest) => Promise<FetchedPage<Row>>): Promise<Row[]> {
  const rows: Row[] = [];
  let total = Infinity;
  while (rows.length < total) {
    const page = await fetchPage({ offset: rows.length, limit: MAX_PAGE_LIMIT });
    if (total === Infinity) total = page.totalCount;
    rows.push(...page.nodes);
    // Fewer rows than asked for: the list ended early (rows were deleted meanwhile).
    if (page.nodes.length < MAX_PAGE_LIMIT) break;
  }
  return rows.slice(0, total);
}

/**
 * A list screen's CSV export: every row of `query` as it is searched, filtered and sorted now
 * (`variables` without the page), fetched afresh from the server page after page.
 */
export function useExportAllRows<Data, Variables extends { page?: PageRequest | null }, Row>(
  query: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  pageOf: (data: Data) => FetchedPage<Row>,
): () => Promise<Row[]> {
  const client = useApolloClient();
  return () =>
    collectAllPages(async (page) => {
      const { data } = await client.query({ query, variables: { ...variables, page }, fetchPolicy: 'network-only' });
      return data ? pageOf(data) : { nodes: [], totalCount: 0 };
    });
}
