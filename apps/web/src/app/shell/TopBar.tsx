import { Flex, IconButton, Link, Spacer } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuPanelLeft, LuRefreshCw } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { BrandMark } from '@/components/BrandMark';
import { ColorModeToggle } from '@/components/ColorModeToggle';

type Props = {
  homePath: string;
  sidebarId: string;
  sidebarExpanded: boolean;
  reloading: boolean;
  onToggleSidebar: () => void;
  onReload: () => void;
  profileMenu: ReactNode;
};

export function TopBar({ homePath, sidebarId, sidebarExpanded, reloading, onToggleSidebar, onReload, profileMenu }: Props) {
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      height="14"
      align="center"
      gap={{ base: '1', md: '3' }}
      px={{ base: '2', md: '4' }}
      bg="bg"
      borderBottomWidth="1px"
    >
      <IconButton
        aria-label="Toggle sidebar"
        aria-controls={sidebarId}
        aria-expanded={sidebarExpanded}
        variant="ghost"
        size="sm"
        // The ghost recipe paints aria-expanded as pressed; an open sidebar is the normal state.
        _expanded={{ bg: 'transparent', _hover: { bg: 'colorPalette.subtle' } }}
        onClick={onToggleSidebar}
        data-testid="sidebar-toggle"
      >
        <LuPanelLeft />
      </IconButton>
      <Link asChild rounded="md" _hover={{ textDecoration: 'none' }} outlineOffset="2px">
        {/* Named by its text, "Yozy Admin", which small screens keep for screen readers only. */}
        <RouterLink to={homePath}>
          <BrandMark compact />
        </RouterLink>
      </Link>
      <Spacer />
      <ColorModeToggle />
      <IconButton aria-label="Reload data" variant="ghost" size="sm" loading={reloading} onClick={onReload} data-testid="reload-data">
        <LuRefreshCw />
      </IconButton>
      {profileMenu}
    </Flex>
  );
}
