import { useBreakpointValue } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client/react';
import { FALLBACK_PROFILE_LABEL } from '@yozy/shared';
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { Outlet } from 'react-router-dom';
import type { ViewerFieldsFragment } from '@/generated/graphql';
import { toastFailure } from '@/lib/payloadErrors';
import { dropPrerenderedPage } from '@/lib/prerendered';
import { toaster } from '@/lib/toaster';
import { useSignOut } from '@/features/auth/views/useSignOut';
import { enquiriesPath } from '@/features/enquiries/urls';
import { myAccountPath, twoFactorPath } from '@/features/twoFactor/urls';
import { AppLayout } from './AppLayout';
import { ProfileMenu } from './ProfileMenu';
import { ShellScreenLoading } from './ShellScreenLoading';
import { Sidebar, SIDEBAR_ID } from './Sidebar';
import { TopBar } from './TopBar';
import { UpstreamBanner } from './UpstreamBanner';

/** The console frame for administrators; the screen of the current route renders inside. */
export default function ShellView({ viewer }: { viewer: ViewerFieldsFragment }) {
  const client = useApolloClient();
  const { signOut } = useSignOut();
  const overlay = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const [collapsed, setCollapsed] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [reloading, setReloading] = useState(false);

  // The page may have arrived with this frame and its screen's heading drawn ahead (ShellFrameAhead):
  // the app's own replace them before the browser paints again, in the same places.
  useLayoutEffect(() => {
    dropPrerenderedPage();
  }, []);

  // Escape closes the floating sidebar on small screens, as it would a drawer.
  useEffect(() => {
    if (!overlay || !overlayOpen) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setOverlayOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [overlay, overlayOpen]);

  const toggleSidebar = () => (overlay ? setOverlayOpen((open) => !open) : setCollapsed((value) => !value));

  const reload = async () => {
    setReloading(true);
    try {
      await client.refetchObservableQueries();
      toaster.create({ type: 'success', title: 'Data reloaded' });
    } catch (error) {
      toastFailure('Could not reload data', error);
    } finally {
      setReloading(false);
    }
  };

  const fullName = `${viewer.firstName} ${viewer.lastName}`.trim();

  return (
    <AppLayout
      backdrop={overlay && overlayOpen}
      onBackdropClick={() => setOverlayOpen(false)}
      topBar={
        <TopBar
          homePath={enquiriesPath}
          sidebarId={SIDEBAR_ID}
          sidebarExpanded={overlay ? overlayOpen : !collapsed}
          reloading={reloading}
          onToggleSidebar={toggleSidebar}
          onReload={() => void reload()}
          profileMenu={
            <ProfileMenu
              // The person signed in, never the organisation's contact: another name there reads as
              // someone else's account. The specification's fallback stays for a person without one.
              label={fullName || FALLBACK_PROFILE_LABEL}
              organization={viewer.organization.companyName.trim() || undefined}
              fullName={fullName}
              email={viewer.email}
              accountPath={viewer.menu.some((entry) => entry.path === twoFactorPath) ? myAccountPath : undefined}
              onSignOut={() => void signOut()}
            />
          }
        />
      }
      sidebar={
        <Sidebar
          id={SIDEBAR_ID}
          entries={viewer.menu}
          collapsed={collapsed}
          overlay={overlay}
          open={overlayOpen}
          onNavigate={() => setOverlayOpen(false)}
        />
      }
    >
      <UpstreamBanner />
      <Suspense fallback={<ShellScreenLoading menu={viewer.menu} />}>
        {/* List screens keep their page, sort, search and filters in the query string (nuqs); only
            signed-in screens have lists, so the adapter stays off the first screen. */}
        <NuqsAdapter>
          <Outlet />
        </NuqsAdapter>
      </Suspense>
    </AppLayout>
  );
}
