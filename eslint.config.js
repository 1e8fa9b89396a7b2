// One lint for the whole repository: TypeScript, React hooks, accessibility and import boundaries.
// Formatting is Prettier's job (eslint-config-prettier turns off the rules that would disagree).
import js from '@eslint/js';
import graphql from '@graphql-eslint/eslint-plugin';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = 'apps/web/src';
const API = 'apps/subscription-api/src';
const GATEWAY = 'apps/gateway/src';
const CODE = '**/*.{js,cjs,mjs,ts,tsx,mts,cts}';

/** Other apps' packages: the apps talk over HTTP (web → gateway → REST service), never by import. */
const otherAppsPatterns = (names) =>
  names.map((name) => ({
    group: [`@yozy/${name}`, `@yozy/${name}/*`, `**/apps/${name}/**`],
    message: 'Apps never import each other: go through GraphQL (web → gateway) or REST (gateway → subscription-api).',
  }));
const otherApps = (...names) => ({ 'no-restricted-imports': ['error', { patterns: otherAppsPatterns(names) }] });

/**
 * A service's module in another of its folders is imported by the service's own name for it,
 * `#domain/audit` (package.json "imports": `#*` is `./src/*.ts`), as the web app writes `@/…`:
 * an import says where it leads, not how many folders up it climbs. Node's package imports rather
 * than TypeScript's `paths`: the tests type-check both services' sources in one program, and each
 * `#…` is resolved by the importing file's own package, by tsc, Vite, esbuild, tsx and ESLint alike.
 */
const serviceImports = (...names) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...otherAppsPatterns(names),
        {
          group: ['../*', '../**'],
          message: "Import from another folder of this service by its '#…' name ('#domain/audit', not '../domain/audit').",
        },
      ],
    },
  ],
});

/** `'domain'`: the element of that type; `{ category }`: the files of that category (`boundaries/files`), with `type` in that element only. */
const selector = (what) =>
  typeof what === 'string'
    ? { element: { type: what } }
    : { ...(what.type ? { element: { type: what.type } } : {}), ...(what.category ? { file: { categories: what.category } } : {}) };

/**
 * Import boundaries of a service, as the web console has: `folders` under `root` are its elements
 * (the files directly in `root` are the element `service`), `files` name the single files a rule
 * speaks of, and each policy `[from, 'allow' | 'disallow', to[]]` says what `from` may import; the
 * last policy that speaks of an import decides. Tests and the test helpers (the `testing` folder, and
 * a `testing/` folder inside another, as `http/testing/`) may import anything.
 */
function serviceLayers({ root, message, folders, files, policies }) {
  const everything = [...folders, 'service'];
  return {
    files: [`${root}/**/*.ts`],
    plugins: { boundaries },
    settings: {
      // Paths are the repository's, wherever ESLint runs from (a test of these rules runs in the service's folder).
      'boundaries/root-path': import.meta.dirname,
      'boundaries/include': [`${root}/**/*`],
      // The files directly in the service's folder come last: a deeper folder is the element of its files.
      'boundaries/elements': [...folders.map((type) => ({ type, pattern: `${root}/${type}` })), { type: 'service', pattern: root }],
      // Test code: the tests, and the modules only tests use, in a `testing/` folder of their own (`http/testing/…`).
      'boundaries/files': [
        ...files,
        { category: 'test', pattern: `${root}/**/*.test.ts` },
        { category: 'test', pattern: `${root}/*/**/testing/**/*.ts` },
      ],
      'import/resolver': { typescript: { project: `${import.meta.dirname}/${root.replace(/\/src$/, '')}/tsconfig.json` } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message,
          policies: [
            ...policies.map(([from, verdict, to]) => ({ from: selector(from), [verdict]: to.map((one) => ({ to: selector(one) })) })),
            { from: selector('testing'), allow: everything.map((type) => ({ to: selector(type) })) },
            { from: selector({ category: 'test' }), allow: everything.map((type) => ({ to: selector(type) })) },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      '**/*.generated.ts',
      'data/**',
      'cluster-data/**',
      'coverage/**',
      'tests/artifacts/**',
      '.turbo/**',
    ],
  },
  {
    files: [CODE],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // The web console: browser code, hooks rules, accessibility, and feature boundaries.
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'boundaries/include': [`${WEB}/**/*`],
      'boundaries/elements': [
        { type: 'app', pattern: `${WEB}/app` },
        { type: 'components', pattern: `${WEB}/components` },
        { type: 'lib', pattern: `${WEB}/lib` },
        { type: 'generated', pattern: `${WEB}/generated` },
        { type: 'testing', pattern: `${WEB}/testing` },
        { type: 'feature', pattern: `${WEB}/features/*`, capture: ['feature'] },
      ],
      // A feature's urls.ts is its public face: any screen may link to another feature's screens.
      'boundaries/files': [
        { category: 'urls', pattern: '**/urls.ts' },
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
      ],
      // Imports resolve as TypeScript resolves them, `@/…` included, so the boundaries see where they lead.
      'import/resolver': { typescript: { project: `${import.meta.dirname}/apps/web/tsconfig.json` } },
    },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: "Import boundary: features use components/, lib/, generated/, their own files and other features' urls.ts only",
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['app', 'components', 'lib', 'generated', 'feature'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { types: { anyOf: ['components', 'lib', 'generated'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{from.captured.feature}}' } } } },
            },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'feature' }, file: { categories: 'urls' } } } },
            {
              from: { element: { type: 'components' } },
              allow: { to: { element: { types: { anyOf: ['components', 'lib', 'generated'] } } } },
            },
            { from: { element: { type: 'lib' } }, allow: { to: { element: { types: { anyOf: ['lib', 'generated'] } } } } },
            // Test helpers render components the way the app does; only tests use them.
            { from: { element: { type: 'testing' } }, allow: { to: { element: { types: { anyOf: ['app', 'testing'] } } } } },
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'testing' } } } },
          ],
        },
      ],
      ...otherApps('gateway', 'subscription-api'),
    },
  },
  // Code fetched on demand has one door, which tries again and gives up after SPEC §9's 120 s.
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/**/*.test.{ts,tsx}`, `${WEB}/testing/**`, `${WEB}/lib/lazyScreen.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportExpression:not(CallExpression[callee.name=/^(lazyScreen|loadChunk)$/] ImportExpression, [source.value=/^@yozy\\/shared\\/(inputs|webhookInputs)$/])',
          message:
            "Fetch code on demand with lazyScreen(() => import('…')) or loadChunk(() => import('…')) (@/lib/loadChunk): they try again and give up after 120 s. (A form's schema, import('@yozy/shared/inputs') or import('@yozy/shared/webhookInputs'), goes to useMutationForm, which does.)",
        },
        {
          selector: "ImportDeclaration[source.value='react'] ImportSpecifier[imported.name='lazy']",
          message: 'A lazily loaded component is a lazyScreen (@/lib/lazyScreen), which tries again and gives up after 120 s.',
        },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.tsx`],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  { files: ['apps/gateway/src/**/*.ts'], rules: serviceImports('web', 'subscription-api') },
  { files: ['apps/subscription-api/src/**/*.ts'], rules: serviceImports('web', 'gateway') },

  // The REST service in layers: routes → domain → db / mail / security. http/ is the request
  // machinery the layers above use (errors, the viewer, resources, route()) and never imports domain/.
  serviceLayers({
    root: API,
    message: 'Import boundary of the REST service: routes → domain → db / mail / security, and http/ never imports domain/',
    folders: ['routes', 'scim', 'domain', 'webhooks', 'http', 'openapi', 'db', 'mail', 'security', 'seed', 'testing'],
    files: [
      // The document is assembled from every route; the answers several routes share name domain records.
      { category: 'document', pattern: `${API}/openapi/index.ts` },
      { category: 'answers', pattern: `${API}/openapi/answers.ts` },
      { category: 'paths', pattern: `${API}/paths.ts` },
    ],
    policies: [
      ['service', 'allow', ['service', 'routes', 'scim', 'domain', 'webhooks', 'http', 'openapi', 'db', 'mail', 'security', 'seed']],
      ['routes', 'allow', ['domain', 'webhooks', 'http', 'openapi', 'db', 'mail', 'security']],
      ['scim', 'allow', ['scim', 'domain', 'webhooks', 'http', 'db', 'mail', 'security']],
      ['domain', 'allow', ['domain', 'webhooks', 'http', 'openapi', 'db', 'mail', 'security']],
      ['webhooks', 'allow', ['webhooks', 'db', 'mail', 'security']],
      ['http', 'allow', ['http', 'openapi', 'db', 'mail', 'security']],
      ['http', 'disallow', [{ category: 'answers' }]],
      ['openapi', 'allow', ['openapi']],
      [{ category: 'answers' }, 'allow', ['domain', 'http']],
      [{ category: 'document' }, 'allow', ['service', 'http']],
      ['mail', 'allow', ['mail', 'db', 'security']],
      ['security', 'allow', ['security', 'db']],
      ['db', 'allow', ['db', { type: 'service', category: 'paths' }]],
      ['seed', 'allow', ['seed', 'domain', 'db', 'mail', 'security']],
    ],
  }),
  // The gateway in layers: resolvers → datasources → upstream (upstream.ts, restFetch.ts). errors.ts,
  // which resolvers and datasources both use, stands on the generated types alone.
  serviceLayers({
    root: GATEWAY,
    message:
      'Import boundary of the gateway: resolvers → datasources → upstream (upstream.ts, restFetch.ts), and errors.ts imports only the generated types',
    folders: ['resolvers', 'datasources', 'generated', 'testing'],
    files: [
      { category: 'upstream', pattern: `${GATEWAY}/{upstream,restFetch}.ts` },
      { category: 'errors', pattern: `${GATEWAY}/errors.ts` },
      { category: 'lists', pattern: `${GATEWAY}/lists.ts` },
      // Where the schema meets its resolvers and the HTTP server: they put everything together.
      { category: 'assembly', pattern: `${GATEWAY}/{app,server,schema,index}.ts` },
    ],
    policies: [
      // The request's surroundings (context, guards, session, rate limits…) use the data sources, never the resolvers.
      ['service', 'allow', ['service', 'datasources', 'generated']],
      [{ category: 'assembly' }, 'allow', ['resolvers']],
      ['resolvers', 'allow', ['resolvers', 'datasources', 'service', 'generated']],
      ['resolvers', 'disallow', [{ category: 'upstream' }, { category: 'assembly' }]],
      ['datasources', 'allow', ['datasources', { category: 'upstream' }, { category: 'errors' }, { category: 'lists' }, 'generated']],
      [{ category: 'upstream' }, 'disallow', ['service', 'datasources', 'generated']],
      [{ category: 'upstream' }, 'allow', [{ category: 'upstream' }]],
      [{ category: 'errors' }, 'disallow', ['service', 'datasources']],
    ],
  }),
  { files: ['packages/**/*.ts'], rules: otherApps('web', 'gateway', 'subscription-api') },
  prettier,

  // The GraphQL schema is a contract for the console, internal tools and tests: everything in it
  // is described, so the descriptions are the API's documentation.
  {
    files: ['schema/*.graphql'],
    languageOptions: { parser: graphql.parser, parserOptions: { graphQLConfig: { schema: 'schema/*.graphql' } } },
    plugins: { '@graphql-eslint': graphql },
    rules: {
      '@graphql-eslint/require-description': [
        'error',
        {
          types: true,
          rootField: true,
          FieldDefinition: true,
          InputValueDefinition: true,
          EnumValueDefinition: true,
          DirectiveDefinition: true,
        },
      ],
    },
  },
);
