import type { ApolloClient } from '@apollo/client';
import { DashboardSummaryDocument } from '@/generated/graphql';

/** How long an answer asked for ahead stands for the screen: a link pointed at a while before it is followed. */
export const PREFETCH_FRESH_MS = 30_000;

/** The last question asked ahead: when, and whether a screen has shown its answer yet. */
let asked: { at: number; taken: boolean } | null = null;

const isFresh = (now: number) => asked !== null && !asked.taken && now - asked.at < PREFETCH_FRESH_MS;

/**
 * Asks for the viewer's own dashboard ahead of its screen (the page opens on /dashboard, or its
 * link is pointed at): the answer waits in the cache, and DashboardView shows it as soon as its
 * code is there. Always from the gateway, never an older answer the cache holds (the screen then
 * trusts it as fresh). Asked once while an earlier answer still stands. A failure is left to the
 * screen, which asks again and says what went wrong.
 */
export default function prefetchDashboard(client: ApolloClient): Promise<unknown> {
  const now = Date.now();
  if (isFresh(now)) return Promise.resolve();
  const question = { at: now, taken: false };
  asked = question;
  const variables = { organizationId: undefined };
  return client.query({ query: DashboardSummaryDocument, variables, fetchPolicy: 'network-only' }).catch(() => {
    if (asked === question) asked = null;
  });
}

/**
 * Whether the dashboard was just asked for ahead (answered or still on its way): true once, for
 * the screen that shows it, which then does not ask again (a question still on its way is joined,
 * not sent twice).
 */
export function takePrefetchedDashboard(): boolean {
  const fresh = isFresh(Date.now());
  if (asked) asked.taken = true;
  return fresh;
}
