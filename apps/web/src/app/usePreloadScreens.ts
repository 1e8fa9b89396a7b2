import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { isValidElement, useEffect, useState } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { ViewerDocument } from '@/generated/graphql';
import { whenIdle } from '@/lib/whenIdle';
import { isPublicPath } from './access';
import { preloadSignedInFrame } from './shell/SessionGate';

type Preloadable = { preload?: () => Promise<unknown> } | null | undefined;

// A failure is met again, and shown, by the screen that asks for the same.
const noop = () => undefined;

// Pointing at a link, pressing it, tabbing to it or touching it: the person is about to open it.
const INTENT = ['pointerover', 'pointerdown', 'focusin', 'touchstart'] as const;
// The person is using the page (a field the page focused itself does not count).
const ENGAGED = ['pointermove', 'pointerdown', 'keydown', 'touchstart'] as const;

/** What a route may say about its screen: how to ask for its data at an address ahead (the module's default export). */
export type ScreenHandle = { prefetch?: () => Promise<{ default: (client: ApolloClient, url: URL) => Promise<unknown> }> };

/**
 * Starts fetching the code of the screens a link opens (see lazyScreen): the routes' own screens,
 * and an organisation tab's screen, handed to its route's element as `screen`. Given the client,
 * also their data, where the route says how (its handle's `prefetch`): the person is about to open it.
 */
export function preloadScreensAt(routes: RouteObject[], href: string, client?: ApolloClient) {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return;
  for (const { route } of matchRoutes(routes, url.pathname) ?? []) {
    if (client) (route.handle as ScreenHandle | undefined)?.prefetch?.().then((module) => module.default(client, url), noop);
    if (!isValidElement<{ screen?: unknown }>(route.element)) continue;
    for (const screen of [route.element.type, route.element.props.screen] as Preloadable[]) {
      // A failure is met again, and shown, when the link is followed.
      screen?.preload?.().catch(noop);
    }
  }
}

/**
 * The page opens on a signed-in screen: the session check, the frame's code, its screen's code
 * and, where the route says how, its data are asked for at once, before anything is drawn,
 * instead of one after the other once the viewer is known (each a round trip more before the
 * screen shows). For the screens people land on, the gateway's page has already started their
 * code (`<link rel="modulepreload">`, vite-plugins/signedInPages.ts). A visitor who turns out to
 * be signed out is sent to /login, which needs none of it; /login itself starts nothing.
 * Answers when the session is known (or could not be), on a signed-in screen only.
 */
export function preloadLanding(
  routes: RouteObject[],
  client: ApolloClient,
  { pathname, href }: Pick<Location, 'pathname' | 'href'> = window.location,
): Promise<void> | undefined {
  if (isPublicPath(pathname)) return undefined;
  // The gate's own question (SessionGate): in the cache when it asks, or joined while on its way.
  const session = client.query({ query: ViewerDocument }).then(noop, noop);
  preloadSignedInFrame();
  preloadScreensAt(routes, href, client);
  return session;
}

/**
 * Screens whose code is not fetched yet open a moment after their link is followed. So the code is
 * fetched ahead: when the person points at, tabs to or touches a link, and, once they are using the
 * page, for every link on it while the browser is idle. Nothing is fetched ahead before that, so a
 * first visit downloads only what its own screen needs.
 */
export function usePreloadScreens(routes: RouteObject[]) {
  const { pathname } = useLocation();
  const client = useApolloClient();
  const [engaged, setEngaged] = useState(false);

  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link) preloadScreensAt(routes, link.getAttribute('href')!, client);
    };
    INTENT.forEach((type) => document.addEventListener(type, onIntent, { capture: true, passive: true }));
    return () => INTENT.forEach((type) => document.removeEventListener(type, onIntent, { capture: true }));
  }, [routes, client]);

  useEffect(() => {
    if (engaged) return;
    const engage = () => setEngaged(true);
    ENGAGED.forEach((type) => document.addEventListener(type, engage, { capture: true, passive: true, once: true }));
    return () => ENGAGED.forEach((type) => document.removeEventListener(type, engage, { capture: true }));
  }, [engaged]);

  useEffect(() => {
    if (!engaged) return;
    return whenIdle(() => document.querySelectorAll('a[href]').forEach((link) => preloadScreensAt(routes, link.getAttribute('href')!)));
  }, [engaged, pathname, routes]);
}
