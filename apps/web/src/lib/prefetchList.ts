import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { createLoader, type ParserMap } from 'nuqs';
import { listParsers, listVariables, type AnyListDefinition, type FilterValues, type ListVariables } from './listState';

/**
 * The variables a list screen (useListState) asks with for the list at `url`: its page, size,
 * sort, search and filters read from the address as the screen reads them.
 */
export function listVariablesAt<D extends AnyListDefinition>(definition: D, url: URL): ListVariables<D> {
  const { page, size, sort, q } = createLoader(listParsers(definition))(url);
  const filter = createLoader<ParserMap>(definition.filters)(url) as FilterValues<D>;
  return listVariables(definition, { page, pageSize: size, sort: sort as never, search: q, filter });
}

/**
 * Asks for the page of a list the screen at `url` shows first (the page opens there, or its link is
 * pointed at), from the gateway: the answer waits in the cache, where the screen finds it (or joins
 * the question still on its way) instead of asking once its code has run. A failure is left to the
 * screen, which asks again and says what went wrong.
 */
export function prefetchList<D extends AnyListDefinition, Data, Variables extends ListVariables<D> & OperationVariables>(
  client: ApolloClient,
  query: TypedDocumentNode<Data, Variables>,
  definition: D,
  url: URL,
  /** The screen's other variables, as it passes them (the organisation, absent for the viewer's own). */
  others: Omit<Variables, keyof ListVariables<D>> = {} as Omit<Variables, keyof ListVariables<D>>,
): Promise<unknown> {
  const variables = { ...listVariablesAt(definition, url), ...others } as Variables;
  return client.query({ query, variables, fetchPolicy: 'network-only' }).catch(() => undefined);
}
