import type { ApolloClient } from '@apollo/client';
import { ViewerDocument } from '@/generated/graphql';

/**
 * The viewer's session is over (they signed out, or a change of theirs ended it): forgets
 * everything cached for them and asks the gateway again, so the session gate sees them signed out.
 * False when the gateway could not be asked; a fresh page load then starts from a clean slate.
 */
export async function forgetViewer(client: ApolloClient): Promise<boolean> {
  await client.clearStore();
  client.writeQuery({ query: ViewerDocument, data: { viewer: null } });
  // clearStore detaches active queries from the cache, so the session gate would not see the
  // write above; asking the gateway again re-attaches it (and confirms the session is gone).
  try {
    await client.refetchQueries({ include: [ViewerDocument] });
    return true;
  } catch {
    return false;
  }
}
