import { Box, Skeleton, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { enquiriesPath } from '@/features/enquiries/urls';
import { AppLayout } from './AppLayout';
import { SIDEBAR_ID } from './Sidebar';
import { TopBar } from './TopBar';

const nothing = () => undefined;

type Props = {
  /** How many entries the menu of whoever may open this page has: their places are drawn, not their names. */
  menuEntries: number;
  /** The screen: its page heading and what it shows while its data loads. */
  children: ReactNode;
};

/**
 * The console's frame as ShellView draws it, drawn at build time for the pages people land on
 * signed in (app/prerender.tsx), so it is on screen before any script runs: the top bar and the
 * menu, with the places of what depends on who is signed in (their name and organisation, their
 * menu) drawn as skeletons of the same size. ShellView takes it over when it has drawn its own.
 * ShellView chooses its narrow or wide layout in script; this frame by CSS, at the same width
 * (Chakra's `md`), so it is right at both before the script runs.
 */
export function ShellFrameAhead({ menuEntries, children }: Props) {
  return (
    <AppLayout
      backdrop={false}
      onBackdropClick={nothing}
      topBar={
        <TopBar
          homePath={enquiriesPath}
          sidebarId={SIDEBAR_ID}
          sidebarExpanded
          reloading={false}
          onToggleSidebar={nothing}
          onReload={nothing}
          // The profile menu's button: the person's name over their organisation.
          profileMenu={<Skeleton height="11" width="44" rounded="l2" />}
        />
      }
      sidebar={
        // The wide layout's menu column; the narrow layout's menu is hidden until opened.
        <Box flexShrink="0" width="64" bg="bg" borderRightWidth="1px" display={{ base: 'none', md: 'block' }}>
          <Box
            as="nav"
            id={SIDEBAR_ID}
            aria-label="Main menu"
            aria-busy
            position="sticky"
            top="14"
            height="calc(100dvh - var(--chakra-sizes-14))"
            overflowY="auto"
            px="2"
            py="4"
          >
            <Stack gap="1">
              {Array.from({ length: menuEntries }, (_, index) => (
                <Skeleton key={index} height="10" rounded="md" />
              ))}
            </Stack>
          </Box>
        </Box>
      }
    >
      {children}
    </AppLayout>
  );
}
