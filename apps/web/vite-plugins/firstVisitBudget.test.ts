import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { budgetReport, firstVisitChunks } from './firstVisitBudget';

// The shape Vite writes: the entry, shared chunks (keys starting with _), lazy screens.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-b.js', '_apollo-c.js'],
    dynamicImports: ['src/Login.tsx', 'src/Users.tsx'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_apollo-c.js': { file: 'assets/apollo-c.js', imports: ['_react-b.js'] },
  '_form-d.js': { file: 'assets/form-d.js', imports: ['_react-b.js'], dynamicImports: ['_captcha-e.js'] },
  '_captcha-e.js': { file: 'assets/captcha-e.js', isDynamicEntry: true },
  '_table-f.js': { file: 'assets/table-f.js' },
  'src/Login.tsx': {
    file: 'assets/Login-g.js',
    src: 'src/Login.tsx',
    isDynamicEntry: true,
    imports: ['_form-d.js', '_apollo-c.js'],
    css: ['assets/Login-g.css'],
  },
  'src/Users.tsx': { file: 'assets/Users-h.js', src: 'src/Users.tsx', isDynamicEntry: true, imports: ['_table-f.js'] },
};

describe('firstVisitChunks', () => {
  it("counts the entry, the page's screens and everything they import, but not what loads later", () => {
    expect(firstVisitChunks(manifest, ['src/Login.tsx'])).toEqual([
      'assets/Login-g.js',
      'assets/apollo-c.js',
      'assets/form-d.js',
      'assets/index-a.js',
      'assets/react-b.js',
    ]);
  });

  it('finds a screen bundled into a shared chunk through the chunk that holds it', () => {
    const chunkOf = (screen: string) => (screen === 'src/Signup.tsx' ? 'assets/form-d.js' : undefined);
    expect(firstVisitChunks(manifest, ['src/Signup.tsx'], chunkOf)).toEqual([
      'assets/apollo-c.js',
      'assets/form-d.js',
      'assets/index-a.js',
      'assets/react-b.js',
    ]);
  });

  it('refuses a screen the build does not hold, rather than counting nothing for it', () => {
    expect(() => firstVisitChunks(manifest, ['src/SignIn.tsx'], () => undefined)).toThrow(/src\/SignIn.tsx is in no chunk of the build/);
  });
});

describe('budgetReport', () => {
  it('adds the chunks up and lists them', () => {
    const { total, text } = budgetReport({ page: '/login', screens: [], limitBytes: 200_000 }, [
      { file: 'assets/react-b.js', gzipBytes: 80_400 },
      { file: 'assets/Login-g.js', gzipBytes: 1_500 },
    ]);
    expect(total).toBe(81_900);
    expect(text).toContain('First visit to /login: 81.9 kB of JavaScript gzipped (budget 200.0 kB, 2 files)');
    expect(text).toContain('80.4 kB  assets/react-b.js');
  });
});
