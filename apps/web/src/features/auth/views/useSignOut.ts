import { useApolloClient } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { useSignOutMutation, ViewerDocument } from '../../../generated/graphql';
import { describeRequestError } from '../../../lib/requestErrors';
import { toaster } from '../../../lib/toaster';
import { loginPath } from '../urls';

/** Ends the session on the server, then forgets everything cached for this viewer. */
export function useSignOut() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [signOutMutation, { loading }] = useSignOutMutation();

  const signOut = async () => {
    try {
      await signOutMutation();
    } catch (error) {
      // The cookie is still valid if the call failed, so pretending to be signed out would lie.
      toaster.create({ type: 'error', title: 'Could not sign out', description: describeRequestError(error) });
      return;
    }
    await client.clearStore();
    client.writeQuery({ query: ViewerDocument, data: { viewer: null } });
    // clearStore detaches active queries from the cache, so the session gate would not see the
    // write above; asking the gateway again re-attaches it (and confirms the session is gone).
    try {
      await client.refetchQueries({ include: [ViewerDocument] });
    } catch {
      // The session is over either way; a fresh page load starts from a clean slate.
      window.location.assign(loginPath);
      return;
    }
    await navigate(loginPath, { replace: true });
  };

  return { signOut, signingOut: loading };
}
