import { Center, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeToggle } from '@/components/ColorModeToggle';
import { AppFooter } from './AppFooter';

/** Full-page frame for screens outside the console (sign-in, password links, notices). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh" bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg.subtle">
      <SkipNavLink zIndex="skipNav">Skip to content</SkipNavLink>
      {/* A plain element: one less for Chakra to style on every public page's first draw. */}
      <header
        style={{
          display: 'flex',
          justifyContent: 'flex-end',
          paddingInline: 'var(--chakra-spacing-4)',
          paddingTop: 'var(--chakra-spacing-3)',
        }}
      >
        <ColorModeToggle />
      </header>
      <SkipNavContent />
      <Center as="main" flex="1" px="4" pt={{ base: '2', md: '6' }} pb={{ base: '8', md: '16' }}>
        {children}
      </Center>
      <AppFooter plain />
    </Flex>
  );
}
