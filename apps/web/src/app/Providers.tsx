import { ChakraProvider } from '@chakra-ui/react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { withPrerenderedThemeStyles } from '@/lib/prerendered';
import { system } from './system';
import { RouteAnnouncer } from './RouteAnnouncer';
import { Toaster } from './Toaster';

export function Providers({ client, children }: { client: ApolloClient; children: ReactNode }) {
  // Read once, before emotion adopts the ready page's style elements.
  const [theme] = useState(() => withPrerenderedThemeStyles(system));
  return (
    <ApolloProvider client={client}>
      <ChakraProvider value={theme}>
        {children}
        <RouteAnnouncer />
        <Toaster />
      </ChakraProvider>
    </ApolloProvider>
  );
}
