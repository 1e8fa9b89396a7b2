import { Suspense, useDeferredValue, useLayoutEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isPublicPath, landingAfterSignIn, resolveAccess } from '@/app/access';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { ProblemNotice } from '@/components/ProblemNotice';
import { ScreenSpinner } from '@/components/ScreenSpinner';
import { loginPath } from '@/features/auth/urls';
import { useViewerQuery, type ViewerFieldsFragment } from '@/generated/graphql';
import { lazyScreen } from '@/lib/lazyScreen';
import { dropPrerenderedPage, hasPrerenderedPage } from '@/lib/prerendered';
import { usePageTitle } from '@/lib/pageTitle';
import { UNREACHABLE_MESSAGE } from '@/lib/requestErrors';
import { PublicLayout } from './PublicLayout';

const ShellView = lazyScreen(() => import('./ShellView'));
const AdminsOnlyView = lazyScreen(() => import('@/features/auth/views/AdminsOnlyView'));

/** The signed-in frame's code, fetched ahead when the page opens on a signed-in screen (preloadLanding). */
export function preloadSignedInFrame() {
  ShellView.preload().catch(() => undefined);
}

type RedirectState = { from?: string } | null;

/** The notice an ordinary member sees names the page too. */
function AdminsOnlyPage({ viewer }: { viewer: ViewerFieldsFragment }) {
  usePageTitle('Administrators only');
  return <AdminsOnlyView viewer={viewer} />;
}

function requestedPath(state: unknown): string | undefined {
  const from = (state as RedirectState)?.from;
  return typeof from === 'string' ? from : undefined;
}

/**
 * The root of every route: asks the gateway who the viewer is (the httpOnly cookie decides) and
 * what they may open (their menu and landing page), applies the access rules of SPEC §2 and picks
 * the frame: public page, notice or console.
 */
export function SessionGate({ isUnknownAddress }: { isUnknownAddress?: (pathname: string) => boolean }) {
  const location = useLocation();
  const { data, loading, error, refetch } = useViewerQuery();
  const checking = loading && !data;
  // A public page that arrived as ready HTML came to a browser without a session cookie (the
  // gateway draws it for no other): nobody is signed in, so the page shows at once and the
  // session is checked behind it, its form drawn once rather than after a spinner. (A signed-in
  // page's ready frame, which a browser with one gets, is never at a public address.)
  const [openedPrerendered] = useState(hasPrerenderedPage);
  // The console's frame and its screen are drawn as a transition once the viewer is known: React
  // pauses between their parts for the browser to respond, instead of one long task, and the
  // spinner stays until all of it is ready.
  const framed = useDeferredValue(data?.viewer ?? null);
  const viewer = data?.viewer ?? null;
  // An address of no screen is no one's to open or to sign in for: the page says there is none.
  const unknown = isUnknownAddress?.(location.pathname) ?? false;
  const redirect = unknown ? null : resolveAccess(location.pathname, viewer);
  // The console's frame (ShellView) takes over the frame a signed-in page arrived with, once it has
  // drawn its own; whatever else the gate shows once it knows the viewer (the sign-in page the
  // session's end leads to, a notice) replaces a page that arrived as ready HTML. The sign-in form
  // has taken that page over already (MutationForm) when it is what shows.
  const showsConsole = redirect === null && viewer !== null && viewer.typeOfUser !== 'USER';
  useLayoutEffect(() => {
    if (!checking && !showsConsole) dropPrerenderedPage();
  }, [checking, showsConsole]);
  // The same element whether the session is still being checked or known to be nobody's, so the
  // page is not drawn again when the answer comes.
  const publicPage = useMemo(
    () => (
      <PublicLayout>
        <Suspense fallback={<ScreenSpinner />}>
          <Outlet />
        </Suspense>
      </PublicLayout>
    ),
    [],
  );

  if (checking) {
    if (openedPrerendered && isPublicPath(location.pathname)) return publicPage;
    // No flash of the sign-in page while the session is being checked.
    return <FullPageSpinner label="Checking your session" />;
  }
  if (error && !data) {
    return (
      <ProblemNotice
        fullPage
        title="The console is not available"
        message={UNREACHABLE_MESSAGE}
        actionLabel="Try again"
        onAction={() => void refetch().catch(() => undefined)}
      />
    );
  }

  if (redirect !== null) {
    if (viewer === null) {
      const from = location.pathname === '/' ? undefined : `${location.pathname}${location.search}`;
      return <Navigate to={loginPath} replace state={from ? { from } : null} />;
    }
    // Just signed in on a public page: back to the screen that asked for sign-in, if permitted.
    const target = isPublicPath(location.pathname) ? landingAfterSignIn(requestedPath(location.state), viewer) : redirect;
    return <Navigate to={target} replace />;
  }

  if (!viewer || (unknown && viewer.typeOfUser === 'USER')) return publicPage;

  if (!framed) return <FullPageSpinner label="Checking your session" />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {framed.typeOfUser === 'USER' ? (
        <PublicLayout>
          <AdminsOnlyPage viewer={framed} />
        </PublicLayout>
      ) : (
        <ShellView viewer={framed} />
      )}
    </Suspense>
  );
}
