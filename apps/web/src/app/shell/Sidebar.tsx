import { Box, Stack, type SystemStyleObject } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { menuIcon } from './menuIcons';

/** The menu's element id, which the top bar's toggle names as what it controls. */
export const SIDEBAR_ID = 'app-sidebar';

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

/** A menu entry: its link (the current page's marked), its icon and its name, which collapses to the icon alone. */
function entryStyles(iconsOnly: boolean): SystemStyleObject {
  return {
    '& a': {
      display: 'flex',
      alignItems: 'center',
      gap: '3',
      height: '10',
      px: '3',
      rounded: 'md',
      color: 'fg.muted',
      fontWeight: 'medium',
      fontSize: 'sm',
      justifyContent: iconsOnly ? 'center' : 'flex-start',
      _hover: { bg: 'bg.muted', color: 'fg' },
      _currentPage: {
        bg: 'brand.subtle',
        color: 'brand.fg',
        fontWeight: 'semibold',
        boxShadow: 'inset 3px 0 0 {colors.brand.solid}',
        _hover: { bg: 'brand.muted', color: 'brand.fg' },
      },
      _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' },
    },
    // As Chakra's Icon draws it.
    '& a > svg': {
      display: 'inline-block',
      lineHeight: '1em',
      flexShrink: '0',
      color: 'currentcolor',
      verticalAlign: 'middle',
      boxSize: '5',
    },
    '& a > span': iconsOnly ? { truncate: true, srOnly: true } : { truncate: true },
  };
}
const ENTRY_STYLES = entryStyles(false);
const ENTRY_STYLES_ICONS_ONLY = entryStyles(true);

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
  // The entries are plain elements styled from their list: one styled element for the whole menu
  // rather than four per entry, as the menu is drawn with every signed-in page.
  const entryList = (
    <Stack as="ul" gap="1" listStyleType="none" css={iconsOnly ? ENTRY_STYLES_ICONS_ONLY : ENTRY_STYLES}>
      {entries.map((entry) => {
        const EntryIcon = menuIcon(entry.path);
        return (
          <li key={entry.path}>
            <NavLink to={entry.path} title={iconsOnly ? entry.name : undefined} onClick={onNavigate} data-testid="menu-entry">
              <EntryIcon focusable="false" aria-hidden />
              <span>{entry.name}</span>
            </NavLink>
          </li>
        );
      })}
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
