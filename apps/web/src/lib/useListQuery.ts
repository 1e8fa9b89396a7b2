import type { ErrorLike, TypedDocumentNode } from '@apollo/client';
import { useExportAllRows, type FetchedPage, type PageRequest } from './collectPages';
import type { ListControls } from './listControls';

/** What a list screen needs of its generated query hook's answer. */
type ListAnswer<Data> = {
  data?: Data;
  previousData?: Data;
  loading: boolean;
  error?: ErrorLike;
  refetch: () => Promise<unknown>;
};

/**
 * A list screen's query, one way: `useQuery` is the screen's generated hook, called with the
 * list's variables (the address's page, sort, search and filters). While another page loads, the
 * rows of the last one stay; Retry asks again; the CSV export fetches every row as filtered now.
 * Spread `table` onto a DataTable (or a Platform Settings MasterSection).
 */
export function useListQuery<Data, Variables extends { page?: PageRequest | null }, Row>(
  useQuery: (options: {
    variables: Variables;
    notifyOnNetworkStatusChange: boolean;
    fetchPolicy?: 'cache-and-network';
  }) => ListAnswer<Data>,
  document: TypedDocumentNode<Data, Variables>,
  list: ListControls & { variables: Variables },
  pageOf: (data: Data) => FetchedPage<Row>,
  {
    fresh = false,
  }: {
    /**
     * For lists that change while nobody looks (sessions, the audit log): shown from the cache at
     * once and read again from the server at every visit; a failed refresh leaves the rows shown.
     */
    fresh?: boolean;
  } = {},
) {
  const answer = useQuery({
    variables: list.variables,
    notifyOnNetworkStatusChange: true,
    ...(fresh ? { fetchPolicy: 'cache-and-network' as const } : {}),
  });
  const exportRows = useExportAllRows(document, list.variables, pageOf);
  const shown = answer.data ?? answer.previousData;
  const page = shown ? pageOf(shown) : undefined;
  return {
    /** The page shown, for what else the screen says of it. */
    page,
    table: {
      rows: page?.nodes,
      totalCount: page?.totalCount,
      totalCountKind: page?.totalCountKind,
      list,
      loading: answer.loading,
      error: fresh && page ? undefined : answer.error,
      onRetry: () => void answer.refetch().catch(() => undefined),
      exportRows,
    },
  };
}
