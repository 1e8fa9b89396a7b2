import { FORGOT_PASSWORD_PATH, SET_PASSWORD_PATH } from '@yozy/shared';
import { loginPath, signupPath } from '@/features/auth/urls';
import type { ViewerFieldsFragment } from '@/generated/graphql';

/** Where the router sends a request: null to stay, or the path to redirect to. */
export type AccessDecision = string | null;

/** What the gateway decided about a signed-in viewer: the menu entries they may open, and where they land. */
export type ViewerAccess = Pick<ViewerFieldsFragment, 'landingPath'> & {
  menu: readonly Pick<ViewerFieldsFragment['menu'][number], 'path'>[];
};

const PUBLIC_EXACT = new Set([loginPath, signupPath]);
const PUBLIC_FRAGMENTS = [SET_PASSWORD_PATH, FORGOT_PASSWORD_PATH].map((path) => path.slice(1));

// '/dashboard/' and '/dashboard' are the same screen; the root stays '/'. A list's query string
// (page, sort, search, filters) and a fragment say nothing about which screen it is.
function normalise(location: string): string {
  const pathname = location.split(/[?#]/, 1)[0] || '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** SPEC §2: /login, /signup and any path containing setpassword or forgotpassword. */
export function isPublicPath(pathname: string): boolean {
  const path = normalise(pathname);
  return PUBLIC_EXACT.has(path) || PUBLIC_FRAGMENTS.some((fragment) => path.includes(fragment));
}

/**
 * The viewer's landing page, or one of their menu entries and what lies under it (its master-tab
 * routes such as /OrganizationDetails/Organization/42/info). The gateway decides both.
 */
export function isPermittedPath(pathname: string, viewer: ViewerAccess): boolean {
  const path = normalise(pathname);
  if (path === normalise(viewer.landingPath)) return true;
  return viewer.menu.some((entry) => path === entry.path || path.startsWith(`${entry.path}/`));
}

/** SPEC §2 access rules, for a viewer who is signed out (null) or signed in. */
export function resolveAccess(pathname: string, viewer: ViewerAccess | null): AccessDecision {
  if (viewer === null) return isPublicPath(pathname) ? null : loginPath;
  return isPermittedPath(pathname, viewer) ? null : viewer.landingPath;
}

/** After sign-in: back to the screen that sent the viewer to /login when they may open it. */
export function landingAfterSignIn(requestedPath: string | undefined, viewer: ViewerAccess): string {
  if (requestedPath && resolveAccess(requestedPath, viewer) === null) return requestedPath;
  return viewer.landingPath;
}
