import { Box, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { menuIcon } from './menuIcons';

export type SidebarEntry = { path: string; name: string };

type Props = {
  id: string;
  entries: readonly SidebarEntry[];
  /** Desktop: icons only. */
  collapsed: boolean;
  /** Small screens: the sidebar floats over the page and is hidden until toggled. */
  overlay: boolean;
  open: boolean;
  onNavigate: () => void;
};

export function Sidebar({ id, entries, collapsed, overlay, open, onNavigate }: Props) {
  const iconsOnly = collapsed && !overlay;
  const width = iconsOnly ? '16' : '64';
  const nav = (children: ReactNode) => (
    <Box
      as="nav"
      id={id}
      aria-label="Main menu"
      data-testid="sidebar"
      data-collapsed={iconsOnly || undefined}
      display={overlay && !open ? 'none' : 'block'}
      position={overlay ? 'fixed' : 'sticky'}
      top="14"
      left="0"
      bottom={overlay ? '0' : undefined}
      zIndex={overlay ? 'overlay' : 'docked'}
      height={overlay ? undefined : 'calc(100dvh - var(--chakra-sizes-14))'}
      width={overlay ? width : 'full'}
      overflowY="auto"
      bg={overlay ? 'bg' : undefined}
      borderRightWidth={overlay ? '1px' : undefined}
      boxShadow={overlay ? 'lg' : undefined}
      px="2"
      py="4"
    >
      {children}
    </Box>
  );
  const entryList = (
    <Stack as="ul" gap="1" listStyleType="none">
      {entries.map((entry) => (
        <Box as="li" key={entry.path}>
          <Box
            asChild
            display="flex"
            alignItems="center"
            gap="3"
            height="10"
            px="3"
            rounded="md"
            color="fg.muted"
            fontWeight="medium"
            fontSize="sm"
            justifyContent={iconsOnly ? 'center' : 'flex-start'}
            _hover={{ bg: 'bg.muted', color: 'fg' }}
            _currentPage={{
              bg: 'brand.subtle',
              color: 'brand.fg',
              fontWeight: 'semibold',
              boxShadow: 'inset 3px 0 0 {colors.brand.solid}',
              _hover: { bg: 'brand.muted', color: 'brand.fg' },
            }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
          >
            <NavLink to={entry.path} title={iconsOnly ? entry.name : undefined} onClick={onNavigate} data-testid="menu-entry">
              <Icon as={menuIcon(entry.path)} boxSize="5" flexShrink="0" aria-hidden />
              <Text as="span" truncate srOnly={iconsOnly}>
                {entry.name}
              </Text>
            </NavLink>
          </Box>
        </Box>
      ))}
    </Stack>
  );
  if (overlay) return nav(entryList);
  // On a wide screen the menu stays in view while the page scrolls; its column, with the
  // background and the border, runs the whole height of the page however tall it is.
  return (
    <Box flexShrink="0" width={width} bg="bg" borderRightWidth="1px" transition="width 0.2s ease">
      {nav(entryList)}
    </Box>
  );
}
