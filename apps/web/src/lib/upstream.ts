import { ApolloLink, type ApolloClient } from '@apollo/client';
import { tap } from 'rxjs';

/**
 * Whether the service behind the console is answering, as the last answers said: a GraphQL
 * error UPSTREAM_UNAVAILABLE, or no answer at all from the gateway, says it is not; any other
 * answer says it is again. The shell shows one banner while it is not (UpstreamBanner).
 */
let down = false;
const listeners = new Set<() => void>();

export function isUpstreamDown(): boolean {
  return down;
}

export function reportUpstream(isDown: boolean): void {
  if (down === isDown) return;
  down = isDown;
  listeners.forEach((listener) => listener());
}

export function subscribeToUpstream(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Coded = { extensions?: { code?: unknown } };

/** Watches every answer for the service's state; changes none of them. */
const upstreamLink = new ApolloLink((operation, forward) =>
  forward(operation).pipe(
    tap({
      next: (result) => reportUpstream((result.errors ?? []).some((error: Coded) => error.extensions?.code === 'UPSTREAM_UNAVAILABLE')),
      // No answer (the gateway itself unreachable) or not GraphQL (a proxy's 502 or 503).
      error: () => reportUpstream(true),
    }),
  ),
);

const watched = new WeakSet<ApolloClient>();

/**
 * Puts the watch in front of the client's link, once: done by the signed-in frame (UpstreamBanner),
 * so the sign-in page's first download does not carry it.
 */
export function watchUpstream(client: ApolloClient): void {
  if (watched.has(client)) return;
  watched.add(client);
  client.setLink(ApolloLink.from([upstreamLink, client.link]));
}
