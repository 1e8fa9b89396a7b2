import { useLocation } from 'react-router-dom';
import { NoSuchPage } from '@/components/NoSuchPage';
import { loginPath } from '@/features/auth/urls';
import { useViewerQuery } from '@/generated/graphql';
import { menuEntryName } from '@/lib/menu';

/** The name of a signed-in person's landing page, as the menu names it. */
function landingName(path: string): string {
  try {
    return menuEntryName(path);
  } catch {
    return 'your first page';
  }
}

/**
 * An address no route knows: says so and sends the person on, to the sign-in page when nobody is
 * signed in, otherwise to their landing page, inside the console's frame for an administrator.
 */
export default function NotFoundView() {
  const { pathname, search } = useLocation();
  // The session gate asked already: this reads its answer from the cache.
  const viewer = useViewerQuery({ fetchPolicy: 'cache-only' }).data?.viewer ?? null;
  const address = `${pathname}${search}`;
  if (!viewer) return <NoSuchPage variant="card" address={address} target={loginPath} targetName="the sign-in page" />;
  const framed = viewer.typeOfUser !== 'USER';
  return (
    <NoSuchPage
      variant={framed ? 'page' : 'card'}
      address={address}
      target={viewer.landingPath}
      targetName={landingName(viewer.landingPath)}
    />
  );
}
