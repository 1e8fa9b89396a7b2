import { useEffect, useState } from 'react';
import { useSingleSignOnLookupQuery, useSingleSignOnStartMutation } from '@/generated/graphql';
import { describeRequestError, errorMessage } from '@/lib/requestErrors';
import { SSO_FAILURE_MESSAGES } from '@/features/auth/components/SingleSignOn';

const ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/;

/** The whole address an email field holds, as it is asked about, or null while it is not one. */
export const singleSignOnAddress = (email: string): string | null => (ADDRESS.test(email.trim()) ? email.trim().toLowerCase() : null);

/**
 * Whether the address being typed (see singleSignOnAddress) signs in with single sign-on: asked a moment after typing stops,
 * so the page can offer it (or, when it is required, offer only it). The whole address is asked
 * about: a domain covers only its organisation's people, not someone of another organisation.
 */
export function useSingleSignOn(address: string | null) {
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(address), 400);
    return () => window.clearTimeout(timer);
  }, [address]);
  const { data } = useSingleSignOnLookupQuery({ variables: { email: settled ?? '' }, skip: !settled || settled !== address });
  const found = address && settled === address ? data?.singleSignOn : undefined;
  return found?.available ? found : null;
}

/**
 * Starts single sign-on for an email: the browser goes to the organisation's identity provider.
 * Whether to keep the person signed in is decided now; the way back cannot change it.
 */
export function useStartSingleSignOn() {
  const [start, { loading }] = useSingleSignOnStartMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const go = async (email: string, keepSignedIn: boolean) => {
    setProblem(null);
    try {
      const answer = (await start({ variables: { email: email.trim(), keepSignedIn } })).data?.startSingleSignOn;
      if (answer?.redirectUrl) return window.location.assign(answer.redirectUrl);
      // Not refusalMessage of payloadErrors: that module brings the toasts, for which the sign-in page's first download has no room.
      setProblem(answer?.errors[0] ? errorMessage(answer.errors[0]) : SSO_FAILURE_MESSAGES.unavailable!);
    } catch (error) {
      setProblem(describeRequestError(error));
    }
  };
  return { go, starting: loading, problem };
}
