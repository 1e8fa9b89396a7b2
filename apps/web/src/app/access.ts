import { landingPathFor, MENU, menuLevel, type TypeOfUser } from '@yozy/shared';

/** Where the router sends a request: null to stay, or the path to redirect to. */
export type AccessDecision = string | null;

export const LOGIN_PATH = '/login';

const PUBLIC_EXACT = new Set(['/login', '/signup']);
const PUBLIC_FRAGMENTS = ['setpassword', 'forgotpassword'];

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
 * A menu entry's own path or anything under it (its master-tab routes such as
 * /OrganizationDetails/Organization/42/info). Ordinary users follow level 1 like organisation
 * admins; the screen then tells them the console is for administrators.
 */
export function isPermittedPath(pathname: string, kind: TypeOfUser): boolean {
  const path = normalise(pathname);
  const level = menuLevel(kind);
  return MENU.some((entry) => entry.levels.includes(level) && (path === entry.path || path.startsWith(`${entry.path}/`)));
}

/** SPEC §2 access rules, for a viewer who is signed out (null) or of the given kind. */
export function resolveAccess(pathname: string, kind: TypeOfUser | null): AccessDecision {
  if (kind === null) return isPublicPath(pathname) ? null : LOGIN_PATH;
  return isPermittedPath(pathname, kind) ? null : landingPathFor(kind);
}

/** After sign-in: back to the screen that sent the viewer to /login when they may open it. */
export function landingAfterSignIn(requestedPath: string | undefined, kind: TypeOfUser): string {
  if (requestedPath && resolveAccess(requestedPath, kind) === null) return requestedPath;
  return landingPathFor(kind);
}
