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
const CODE = '**/*.{js,cjs,mjs,ts,tsx,mts,cts}';

/** Other apps' packages: the apps talk over HTTP (web → gateway → REST service), never by import. */
const otherApps = (...names) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: names.map((name) => ({
        group: [`@yozy/${name}`, `@yozy/${name}/*`, `**/apps/${name}/**`],
        message: 'Apps never import each other: go through GraphQL (web → gateway) or REST (gateway → subscription-api).',
      })),
    },
  ],
});

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
  { files: ['apps/gateway/src/**/*.ts'], rules: otherApps('web', 'subscription-api') },
  { files: ['apps/subscription-api/src/**/*.ts'], rules: otherApps('web', 'gateway') },
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
