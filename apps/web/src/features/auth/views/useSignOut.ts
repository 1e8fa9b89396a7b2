import { useApolloClient } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { useSignOutMutation } from '@/generated/graphql';
import { forgetViewer } from '@/lib/forgetViewer';
import { toastFailure } from '@/lib/payloadErrors';
import { loginPath } from '@/features/auth/urls';

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
      toastFailure('Could not sign out', error);
      return;
    }
    if (!(await forgetViewer(client))) {
      window.location.assign(loginPath);
      return;
    }
    await navigate(loginPath, { replace: true });
  };

  return { signOut, signingOut: loading };
}
