import { ChakraProvider } from '@chakra-ui/react';
import { ApolloProvider } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { createApolloClient } from '@/lib/apollo';
import { withPrerenderedThemeStyles } from '@/lib/prerendered';
import { system } from './system';
import { RouteAnnouncer } from './RouteAnnouncer';
import { Toaster } from './Toaster';

export function Providers({ children }: { children: ReactNode }) {
  // One client for the page's lifetime, even if React re-mounts the tree in development.
  const [client] = useState(createApolloClient);
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
