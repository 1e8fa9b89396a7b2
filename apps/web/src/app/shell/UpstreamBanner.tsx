import { Alert } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client/react';
import { useEffect, useSyncExternalStore } from 'react';
import { isUpstreamDown, reportUpstream, subscribeToUpstream, watchUpstream } from '@/lib/upstream';

/** How often the console asks whether the service is back while it is not answering. */
export const UPSTREAM_PROBE_MS = 5_000;

export const UPSTREAM_DOWN_MESSAGE = 'The service is not answering; we keep trying.';

/**
 * One banner while the service behind the console is not answering. The screen under it stays as
 * it is (forms keep what was typed); the console asks the gateway's readiness check until it
 * answers, then fetches what the screens show again, without a reload.
 */
export function UpstreamBanner() {
  const client = useApolloClient();
  watchUpstream(client);
  const down = useSyncExternalStore(subscribeToUpstream, isUpstreamDown);

  useEffect(() => {
    if (!down) return;
    let stopped = false;
    const probe = async () => {
      const ready = await fetch('/readyz', { cache: 'no-store' }).then(
        (answer) => answer.ok,
        () => false,
      );
      if (stopped || !ready) return;
      reportUpstream(false);
      await client.refetchObservableQueries().catch(() => undefined);
    };
    const timer = window.setInterval(() => void probe(), UPSTREAM_PROBE_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [down, client]);

  if (!down) return null;
  return (
    <Alert.Root status="warning" role="status" mb="6" data-testid="upstream-banner">
      <Alert.Indicator />
      <Alert.Title>{UPSTREAM_DOWN_MESSAGE}</Alert.Title>
    </Alert.Root>
  );
}
