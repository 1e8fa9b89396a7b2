import type { ApolloClient } from '@apollo/client';
import { DashboardSummaryDocument } from '@/generated/graphql';

let fresh = false;

/**
 * Asks for the viewer's own dashboard ahead of its screen (the page opens on /dashboard): the
 * answer waits in the cache, and DashboardView shows it as soon as its code is there. A failure
 * is left to the screen, which asks again and says what went wrong.
 */
export default function prefetchDashboard(client: ApolloClient): Promise<unknown> {
  return client.query({ query: DashboardSummaryDocument, variables: { organizationId: undefined } }).then(
    () => (fresh = true),
    () => undefined,
  );
}

/** Whether the cache holds the dashboard as just asked for ahead; true only once, for the screen it was asked for. */
export function takePrefetchedDashboard(): boolean {
  const answer = fresh;
  fresh = false;
  return answer;
}
