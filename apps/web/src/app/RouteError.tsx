import { Component, useEffect, useLayoutEffect, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ProblemNotice } from '@/components/ProblemNotice';
import { forgetFailedScreens } from '@/lib/lazyScreen';
import { isChunkLoadError } from '@/lib/loadChunk';
import { dropPrerenderedPage } from '@/lib/prerendered';

/** Shown instead of a blank page when a screen's code fails to load or a screen crashes. */
export function RouteError({ error, fullPage = false }: { error: unknown; fullPage?: boolean }) {
  const chunk = isChunkLoadError(error);

  // A failure before the console's frame took over the one the page arrived with (its code could
  // not be loaded) shows instead of that frame, which would otherwise stay without a console behind it.
  useLayoutEffect(() => {
    dropPrerenderedPage();
  }, []);

  useEffect(() => {
    console.error('console: a screen failed', error);
  }, [error]);

  return (
    <ProblemNotice
      fullPage={fullPage}
      title={chunk ? 'This screen could not be loaded' : 'Something went wrong'}
      message={
        chunk
          ? 'The connection may have dropped, or the console has just been updated. Reload the page to get the latest version.'
          : 'An unexpected problem stopped this screen. Reload the page to try again.'
      }
      actionLabel="Reload"
      onAction={() => window.location.reload()}
    />
  );
}

type BoundaryProps = { path: string; fullPage: boolean; children: ReactNode };
type BoundaryState = { failure: { error: unknown; path: string } | null };

/** Catches what a screen throws while rendering; going to another address tries again. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error, path: '' } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.failure) return null;
    // Just caught: remember where. Elsewhere since: the new screen gets its chance.
    if (state.failure.path === '') return { failure: { ...state.failure, path: props.path } };
    if (state.failure.path === props.path) return null;
    forgetFailedScreens();
    return { failure: null };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo) {
    // Logged by RouteError once it shows; nothing else to do here.
  }

  override render() {
    const { failure } = this.state;
    return failure ? <RouteError error={failure.error} fullPage={this.props.fullPage} /> : this.props.children;
  }
}

/**
 * The routes' error boundary: `fullPage` around the whole console, or around the screens inside
 * the frame, so the menu stays usable when one screen fails. Renders `children`, or the matched
 * child route when there are none.
 */
export function RouteErrorBoundary({ fullPage = false, children }: { fullPage?: boolean; children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary path={pathname} fullPage={fullPage}>
      {children ?? <Outlet />}
    </Boundary>
  );
}
