import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppFooter } from './AppFooter';

type Props = { topBar: ReactNode; sidebar: ReactNode; backdrop: boolean; onBackdropClick: () => void; children: ReactNode };

/** The signed-in frame of SPEC §2: top bar, sidebar, the screen, footer. */
export function AppLayout({ topBar, sidebar, backdrop, onBackdropClick, children }: Props) {
  return (
    <Flex direction="column" minH="100dvh">
      {/* Above the sticky top bar when it shows, so a keyboard user sees where focus is. */}
      <SkipNavLink zIndex="skipNav">Skip to content</SkipNavLink>
      {topBar}
      <Flex flex="1" align="stretch">
        {backdrop && <Box position="fixed" inset="0" top="14" zIndex="overlay" bg="blackAlpha.400" onClick={onBackdropClick} aria-hidden />}
        {sidebar}
        <Flex direction="column" flex="1" minW="0">
          <SkipNavContent />
          <Box as="main" flex="1" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} width="full" maxW="7xl" mx="auto">
            {children}
          </Box>
          <AppFooter />
        </Flex>
      </Flex>
    </Flex>
  );
}
