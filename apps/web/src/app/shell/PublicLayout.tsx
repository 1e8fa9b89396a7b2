import { Center, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppFooter } from './AppFooter';

/** Full-page frame for screens outside the console (sign-in, password links, notices). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh" bgGradient="to-b" gradientFrom="brand.50" gradientTo="bg.subtle">
      <Center as="main" flex="1" px="4" py={{ base: '8', md: '16' }}>
        {children}
      </Center>
      <AppFooter plain />
    </Flex>
  );
}
