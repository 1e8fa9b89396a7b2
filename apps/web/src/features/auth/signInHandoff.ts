import { SIGN_IN_HANDOFF_PARAM, SIGN_IN_PATH } from '@yozy/shared';

// In memory only, for this page load: never in storage, a cookie or the address bar.
let handedOff: string | null = null;

/**
 * A product sends a person to `/login?data=<token>` to say who they are. The token leaves the
 * address bar before anything else runs (called before the app first renders), so it is not in
 * the history, a bookmark, a shared screen or a later page's referrer; the sign-in page takes it
 * from here once and redeems it.
 */
export function takeHandoffFromAddress(location: Location = window.location, history: History = window.history): void {
  if (location.pathname !== SIGN_IN_PATH) return;
  const url = new URL(location.href);
  const token = url.searchParams.get(SIGN_IN_HANDOFF_PARAM);
  if (token === null) return;
  url.searchParams.delete(SIGN_IN_HANDOFF_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  handedOff = token;
}

/** The hand-off token the address brought, once: null after the first call. */
export function takeHandoffToken(): string | null {
  const token = handedOff;
  handedOff = null;
  return token;
}
