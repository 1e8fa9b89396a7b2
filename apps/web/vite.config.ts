import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstVisitBudget, LOGIN_BUDGET_BYTES } from './vite-plugins/firstVisitBudget.ts';
import { iconsPerModule } from './vite-plugins/iconsPerModule.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { prerenderPages } from './vite-plugins/prerenderPages.ts';
import { signedInPages } from './vite-plugins/signedInPages.ts';

const require = createRequire(import.meta.url);
const reactRouterDist = join(dirname(require.resolve('react-router/package.json')), 'dist');

// The gateway serves GraphQL and, in production, this build; in development Vite proxies to it.
const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000';

export default defineConfig(({ command }) => {
  // The screens people land on signed in: their code fetched beside the entry's, from the page itself.
  const landingPages = signedInPages({
    frame: ['src/app/shell/ShellView.tsx'],
    pages: {
      '/dashboard': ['src/features/dashboard/views/DashboardView.tsx', 'src/features/dashboard/prefetchDashboard.ts'],
      '/UserManagement': ['src/features/users/views/UserManagementView.tsx', 'src/features/users/prefetchUserList.ts'],
      '/OrganizationDetails': [
        'src/features/organizations/views/OrganizationListView.tsx',
        'src/features/organizations/prefetchOrganizationList.ts',
      ],
    },
  });
  return {
    plugins: [
      react(),
      iconsPerModule(),
      precompress(),
      // The public pages' forms as ready HTML, on screen before any script runs (src/app/prerender.tsx).
      prerenderPages(),
      landingPages,
      // The sign-in page is everyone's first screen: its JavaScript must stay small on a slow connection.
      firstVisitBudget({ page: '/login', screens: ['src/features/auth/views/LoginView.tsx'], limitBytes: LOGIN_BUDGET_BYTES }),
    ],
    resolve: {
      // `@/…` is the source folder, as tsconfig.json's `paths` says.
      tsconfigPaths: true,
      // rxjs's ES2015 build (its `es2015` export) rather than its ES5 one: no down-levelled classes
      // and helpers, about 2 kB less on every first visit. Only rxjs: other packages' es2015 builds are bigger.
      alias: [
        { find: /^rxjs$/, replacement: join(dirname(require.resolve('rxjs/package.json')), 'dist/esm/index.js') },
        // React Router's exports offer only its development build (no `production` condition): the
        // console's own build takes its production one, the same code without the developer
        // warnings' checks on every render. `vite dev` and the tests keep the warnings.
        ...(command === 'build'
          ? [
              { find: /^react-router$/, replacement: join(reactRouterDist, 'production/index.mjs') },
              { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'production/dom-export.mjs') },
            ]
          : []),
      ],
    },
    server: {
      proxy: {
        '/graphql': { target: GATEWAY_URL, changeOrigin: false },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: 'hidden',
      // Every browser the console supports has modulepreload; the polyfill would only add weight.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Libraries every screen needs change rarely: separate files stay cached across releases.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
                priority: 20,
              },
              {
                name: 'apollo',
                test: /node_modules[\\/](@apollo|graphql|rxjs|optimism|@wry|tslib|@graphql-typed-document-node)[\\/]/,
                priority: 10,
              },
              {
                // Everything else the first page runs, one file: the kit's parts sign-in shares with
                // other screens (field, input, button), every screen's addresses, … would otherwise be
                // a dozen small files, each a request of its own (HTTP/1.1 fetches six at a time).
                name: 'first',
                tags: ['$initial'],
                priority: 5,
              },
              {
                // The icons of the screens loaded later, a few hundred bytes each: one file (a few kB),
                // not one per icon shared by two screens.
                name: 'icons',
                test: /react-icons/,
                priority: 1,
              },
            ],
          },
        },
      },
    },
  };
});
