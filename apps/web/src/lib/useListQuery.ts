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
  useQuery: (options: { variables: Variables; notifyOnNetworkStatusChange: boolean }) => ListAnswer<Data>,
  document: TypedDocumentNode<Data, Variables>,
  list: ListControls & { variables: Variables },
  pageOf: (data: Data) => FetchedPage<Row>,
) {
  const answer = useQuery({ variables: list.variables, notifyOnNetworkStatusChange: true });
  const exportRows = useExportAllRows(document, list.variables, pageOf);
  const shown = answer.data ?? answer.previousData;
  const page = shown ? pageOf(shown) : undefined;
  return {
    /** The page shown, for what else the screen says of it. */
    page,
    table: {
      rows: page?.nodes,
      totalCount: page?.totalCount,
      list,
      loading: answer.loading,
      error: answer.error,
      onRetry: () => void answer.refetch().catch(() => undefined),
      exportRows,
    },
  };
}
