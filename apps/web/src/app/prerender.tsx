// Draws the public pages as HTML at build time (vite-plugins/prerenderPages.ts loads this module
// in Node): the form is on screen before any script runs, and the app takes it over when it
// starts (lib/prerendered.ts). Only what a page shows to a visitor who is not signed in.
// Draws too, for the pages people land on signed in, the console's frame and the screen's heading
// and loading state: nothing that depends on who is signed in (ShellFrameAhead).
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { MENU } from '@yozy/shared';
import { loginPath } from '@/features/auth/urls';
import { documentTitle } from '@/lib/pageTitle';
import { THEME_STYLES_ATTRIBUTE } from '@/lib/prerendered';
import LoginView from '@/features/auth/views/LoginView';
import { dashboardPath } from '@/features/dashboard/urls';
import DashboardView from '@/features/dashboard/views/DashboardView';
import { organizationListPath } from '@/features/organizations/urls';
import OrganizationListView from '@/features/organizations/views/OrganizationListView';
import { userManagementPath } from '@/features/users/urls';
import UserManagementView from '@/features/users/views/UserManagementView';
import { menuEntryName } from '@/lib/menu';
import { ShellFrameAhead } from './shell/ShellFrameAhead';
import { PublicLayout } from './shell/PublicLayout';
import { system } from './system';

/** The pages drawn ahead: their address, and what the app shows there to a visitor who is not signed in. */
export const PRERENDERED_PAGES: { path: string; title: string; page: ReactNode }[] = [
  { path: loginPath, title: documentTitle('Sign in'), page: <LoginView /> },
];

/**
 * The signed-in pages drawn ahead (vite-plugins/signedInPages.ts writes each with its code's
 * modulepreload links): their address and screen. The screen is the app's own, with no data (its
 * loading state), under its heading; the menu has the places of the entries of whoever may open it.
 */
export const SIGNED_IN_PAGES: { path: string; title: string; page: ReactNode }[] = [
  { path: dashboardPath, page: <DashboardView /> },
  { path: userManagementPath, page: <UserManagementView /> },
  { path: organizationListPath, page: <OrganizationListView /> },
].map(({ path, page }) => {
  const entry = MENU.find((candidate) => candidate.path === path);
  if (!entry) throw new Error(`${path} is not in the menu`);
  const menuEntries = MENU.filter((candidate) => candidate.levels.some((level) => entry.levels.includes(level))).length;
  return {
    path,
    title: documentTitle(menuEntryName(path)),
    page: (
      <ShellFrameAhead menuEntries={menuEntries}>
        <NuqsAdapter>{page}</NuqsAdapter>
      </ShellFrameAhead>
    ),
  };
});

/** The page's HTML, with the styles it needs inline (the app adopts them when it starts). */
export function renderPage(path: string): string {
  const entry = PRERENDERED_PAGES.find((candidate) => candidate.path === path);
  if (!entry) throw new Error(`${path} is not drawn ahead`);
  return drawn(path, <PublicLayout>{entry.page}</PublicLayout>);
}

/** A signed-in page's frame and screen heading, with the styles they need inline. */
export function renderSignedInPage(path: string): string {
  const entry = SIGNED_IN_PAGES.find((candidate) => candidate.path === path);
  if (!entry) throw new Error(`${path} is not a signed-in page drawn ahead`);
  return drawn(path, entry.page);
}

function drawn(path: string, page: ReactNode): string {
  // Nothing is asked of the gateway while drawing: a page drawn ahead shows no data.
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  const html = renderToString(
    <ApolloProvider client={client}>
      <ChakraProvider value={system}>
        <StaticRouter location={path}>{page}</StaticRouter>
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
