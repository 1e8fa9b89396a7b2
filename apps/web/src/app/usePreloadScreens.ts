import type { ApolloClient } from '@apollo/client';
import { isValidElement, useEffect, useState } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { whenIdle } from '@/lib/whenIdle';
import { isPublicPath } from './access';
import { preloadSignedInFrame } from './shell/SessionGate';

type Preloadable = { preload?: () => Promise<unknown> } | null | undefined;

// Pointing at a link, pressing it, tabbing to it or touching it: the person is about to open it.
const INTENT = ['pointerover', 'pointerdown', 'focusin', 'touchstart'] as const;
// The person is using the page (a field the page focused itself does not count).
const ENGAGED = ['pointermove', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Starts fetching the code of the screens a link opens (see lazyScreen): the routes' own screens,
 * and an organisation tab's screen, handed to its route's element as `screen`.
 */
export function preloadScreensAt(routes: RouteObject[], href: string) {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return;
  for (const { route } of matchRoutes(routes, url.pathname) ?? []) {
    if (!isValidElement<{ screen?: unknown }>(route.element)) continue;
    for (const screen of [route.element.type, route.element.props.screen] as Preloadable[]) {
      // A failure is met again, and shown, when the link is followed.
      screen?.preload?.().catch(() => undefined);
    }
  }
}

/** What a route may say about its screen: how to ask for its data ahead (the module's default export). */
export type ScreenHandle = { prefetch?: () => Promise<{ default: (client: ApolloClient) => Promise<unknown> }> };

/**
 * The page opens on a signed-in screen: its frame's code, its screen's code and, where the route
 * says how, its data are fetched at once, beside the session check, instead of one after the
 * other once the viewer is known (each a round trip more before the screen shows). A visitor who
 * turns out to be signed out is sent to /login, which needs none of it; /login itself starts nothing.
 */
export function preloadLanding(
  routes: RouteObject[],
  client: ApolloClient,
  { pathname, href }: Pick<Location, 'pathname' | 'href'> = window.location,
) {
  if (isPublicPath(pathname)) return;
  preloadSignedInFrame();
  preloadScreensAt(routes, href);
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const { prefetch } = (route.handle ?? {}) as ScreenHandle;
    prefetch?.().then(
      (module) => module.default(client),
      () => undefined,
    );
  }
}

/**
 * Screens whose code is not fetched yet open a moment after their link is followed. So the code is
 * fetched ahead: when the person points at, tabs to or touches a link, and, once they are using the
 * page, for every link on it while the browser is idle. Nothing is fetched ahead before that, so a
 * first visit downloads only what its own screen needs.
 */
export function usePreloadScreens(routes: RouteObject[]) {
  const { pathname } = useLocation();
  const [engaged, setEngaged] = useState(false);

  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link) preloadScreensAt(routes, link.getAttribute('href')!);
    };
    INTENT.forEach((type) => document.addEventListener(type, onIntent, { capture: true, passive: true }));
    return () => INTENT.forEach((type) => document.removeEventListener(type, onIntent, { capture: true }));
  }, [routes]);

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
