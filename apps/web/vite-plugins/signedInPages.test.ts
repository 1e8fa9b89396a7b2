import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunksOf, signedInFile, signedInHtml } from './signedInPages';

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
