import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ProblemNotice } from '../components/ProblemNotice';
import { isChunkLoadError } from '../lib/lazyScreen';

/** Shown instead of a blank page when a screen's code fails to load or a screen crashes. */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);

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
