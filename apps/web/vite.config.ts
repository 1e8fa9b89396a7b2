import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstVisitBudget, LOGIN_BUDGET_BYTES } from './vite-plugins/firstVisitBudget.ts';
import { iconsPerModule } from './vite-plugins/iconsPerModule.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { prerenderPages } from './vite-plugins/prerenderPages.ts';

const require = createRequire(import.meta.url);
const reactRouterDist = join(dirname(require.resolve('react-router/package.json')), 'dist');

// The gateway serves GraphQL and, in production, this build; in development Vite proxies to it.
const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    iconsPerModule(),
    precompress(),
    // The public pages' forms as ready HTML, on screen before any script runs (src/app/prerender.tsx).
    prerenderPages(),
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
              // Every screen's addresses, a few bytes each: one file, not one per feature beside the first screen.
              name: 'urls',
              test: /src[\\/]features[\\/][^\\/]+[\\/]urls\.ts$/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
}));
