// Draws the public pages as HTML at build time (vite-plugins/prerenderPages.ts loads this module
// in Node): the form is on screen before any script runs, and the app takes it over when it
// starts (lib/prerendered.ts). Only what a page shows to a visitor who is not signed in.
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { loginPath } from '@/features/auth/urls';
import { documentTitle } from '@/lib/pageTitle';
import { THEME_STYLES_ATTRIBUTE } from '@/lib/prerendered';
import LoginView from '@/features/auth/views/LoginView';
import { PublicLayout } from './shell/PublicLayout';
import { system } from './system';

/** The pages drawn ahead: their address, and what the app shows there to a visitor who is not signed in. */
export const PRERENDERED_PAGES: { path: string; title: string; page: ReactNode }[] = [
  { path: loginPath, title: documentTitle('Sign in'), page: <LoginView /> },
];

/** The page's HTML, with the styles it needs inline (the app adopts them when it starts). */
export function renderPage(path: string): string {
  const entry = PRERENDERED_PAGES.find((candidate) => candidate.path === path);
  if (!entry) throw new Error(`${path} is not drawn ahead`);
  // Nothing is asked of the gateway while drawing: a page drawn ahead shows no data.
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  const html = renderToString(
    <ApolloProvider client={client}>
      <ChakraProvider value={system}>
        <StaticRouter location={path}>
          <PublicLayout>{entry.page}</PublicLayout>
        </StaticRouter>
      </ChakraProvider>
    </ApolloProvider>,
  );
  // The theme's global styles are marked with their name, for the app to take them as they are
  // (lib/prerendered.ts): emotion names the element after the styles' hash, as its <Global> in ChakraProvider does.
  const { name } = css(system._global);
  const themeStyles = `<style data-emotion="css-global ${name}"`;
  if (!html.includes(themeStyles)) throw new Error(`${path}: no ${themeStyles}> in the page drawn ahead`);
  return html.replace(themeStyles, `${themeStyles} ${THEME_STYLES_ATTRIBUTE}="${name}"`);
}
