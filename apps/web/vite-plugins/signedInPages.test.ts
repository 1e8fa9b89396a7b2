import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunksOf, reachable, signedInFile, signedInGroups, signedInHtml, type ModuleGraph } from './signedInPages';

// The shape Vite writes: the entry, shared chunks (keys starting with _), lazy screens.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-b.js'],
    dynamicImports: ['src/Shell.tsx'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_kit-c.js': { file: 'assets/kit-c.js', imports: ['_react-b.js'] },
  'src/Shell.tsx': { file: 'assets/Shell-d.js', isDynamicEntry: true, imports: ['_kit-c.js', '_react-b.js'] },
  'src/Dashboard.tsx': {
    file: 'assets/Dashboard-e.js',
    isDynamicEntry: true,
    imports: ['_kit-c.js', '_chart-f.js'],
    dynamicImports: ['_big-g.js'],
  },
  '_chart-f.js': { file: 'assets/chart-f.js', imports: ['_kit-c.js'] },
  '_big-g.js': { file: 'assets/big-g.js', isDynamicEntry: true },
};

describe('chunksOf', () => {
  it('names the files a screen needs beyond the entry’s, each module’s own first, nothing loaded later', () => {
    expect(chunksOf(manifest, ['src/Shell.tsx', 'src/Dashboard.tsx'])).toEqual([
      'assets/Shell-d.js',
      'assets/kit-c.js',
      'assets/Dashboard-e.js',
      'assets/chart-f.js',
    ]);
  });

  it('finds a module a chunk took in through the bundle, and fails the build for one in no chunk', () => {
    expect(chunksOf(manifest, ['src/Stat.tsx'], (module) => (module === 'src/Stat.tsx' ? 'assets/chart-f.js' : undefined))).toEqual([
      'assets/chart-f.js',
      'assets/kit-c.js',
    ]);
    expect(() => chunksOf(manifest, ['src/Gone.tsx'])).toThrow('src/Gone.tsx is in no chunk of the build');
  });
});

describe('signedInHtml', () => {
  it('asks for the files beside the entry’s, before the page’s head ends', () => {
    const index = '<html>\n  <head>\n    <script type="module" src="/assets/index-a.js"></script>\n  </head>\n  <body></body>\n</html>';
    const page = signedInHtml(index, ['/assets/Shell-d.js']);
    expect(page).toBe(
      '<html>\n  <head>\n    <script type="module" src="/assets/index-a.js"></script>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/Shell-d.js">\n  </head>\n  <body></body>\n</html>',
    );
    expect(() => signedInHtml('<html></html>', [])).toThrow('no </head>');
  });

  it('writes each address’s page where the gateway looks for it', () => {
    expect(signedInFile('/dashboard')).toBe('signed-in/dashboard.html');
  });
});

describe('signedInGroups', () => {
  // main → router → (on demand) Shell, Dashboard, Users, Signup; Shell → frame parts; screens share a table and a field.
  const graph: ModuleGraph = new Map(
    Object.entries({
      main: { imports: ['router', 'react'], dynamicImports: [] },
      router: { imports: ['react'], dynamicImports: ['Shell', 'Dashboard', 'Users', 'Signup', 'Login2'] },
      react: { imports: [], dynamicImports: [] },
      Shell: { imports: ['Sidebar', 'field', 'react'], dynamicImports: [] },
      Sidebar: { imports: ['menu'], dynamicImports: [] },
      menu: { imports: [], dynamicImports: [] },
      Dashboard: { imports: ['StatCard', 'table', 'field'], dynamicImports: ['Chart'] },
      StatCard: { imports: ['react'], dynamicImports: [] },
      Chart: { imports: [], dynamicImports: [] },
      Users: { imports: ['table', 'UserRow'], dynamicImports: [] },
      UserRow: { imports: [], dynamicImports: [] },
      table: { imports: [], dynamicImports: [] },
      Signup: { imports: ['field'], dynamicImports: ['captcha'] },
      Login2: { imports: [], dynamicImports: [] },
      field: { imports: [], dynamicImports: [] },
      captcha: { imports: [], dynamicImports: [] },
    }),
  );

  it('follows static imports, and imports on demand only when asked', () => {
    expect([...reachable(graph, ['Dashboard'])].sort()).toEqual(['Dashboard', 'StatCard', 'field', 'react', 'table']);
    expect(reachable(graph, ['Signup'], { onDemand: true })).toEqual(new Set(['Signup', 'field', 'captcha']));
  });

  it('puts the frame in one file, each landing screen’s own code in one, what it shares in another, and leaves the first page’s and signed-out code alone', () => {
    const groups = signedInGroups(graph, {
      entries: ['main'],
      frame: ['Shell'],
      pages: [['Dashboard'], ['Users']],
      publicScreens: ['Signup'],
    });
    expect(Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)))).toEqual({
      Dashboard: 'signed-in-1',
      Shell: 'signed-in-frame',
      Sidebar: 'signed-in-frame',
      StatCard: 'signed-in-1',
      UserRow: 'signed-in-2',
      Users: 'signed-in-2',
      field: 'signed-in-kit',
      menu: 'signed-in-frame',
      table: 'signed-in-1-shared',
    });
  });
});
