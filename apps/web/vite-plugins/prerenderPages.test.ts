import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { drawSignedInPages, pageHtml } from './prerenderPages';
import { signedInFile, signedInHtml } from './signedInPages';

// index.html as Vite writes it.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <script src="/color-mode.js"></script>
    <title>Yozy Admin</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const FRAME = '<header><button type="button">Toggle sidebar</button></header><main><h1 data-testid="page-title">Dashboard</h1></main>';

describe('pageHtml', () => {
  it('puts the page drawn ahead before the hidden #root, and starts the app after the page is painted', () => {
    const html = pageHtml(INDEX, 'Sign in · Yozy Admin', '<form aria-label="Sign in"><button type="submit">Sign in</button></form>');
    expect(html).toContain(
      '<div id="prerendered"><form aria-label="Sign in"><button type="submit" form="prerendered-inert">Sign in</button></form></div>\n    <div id="root"></div>',
    );
    expect(html).toContain('<style>#prerendered ~ #root { display: none; }</style>');
    expect(html).toContain('<script defer src="/start-after-paint.js" data-entry="/assets/index-a.js"></script>');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<title>Sign in · Yozy Admin</title>');
    // A public page fetches the app's script once painted: the sign-in page's first download stays small.
    expect(html).not.toContain('href="/assets/index-a.js"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-b.js">');
  });

  it('leaves the test ids to the app’s own elements', () => {
    expect(pageHtml(INDEX, 'Dashboard · Yozy Admin', FRAME)).not.toContain('data-testid');
  });

  it('fails the build for an index.html it cannot place the page in', () => {
    expect(() => pageHtml(INDEX.replace('<div id="root"></div>', ''), 'Title', FRAME)).toThrow(/no empty <div id="root">/);
    expect(() => pageHtml(INDEX.replace(/<script type="module"[^\n]*\n/, ''), 'Title', FRAME)).toThrow(/no module script/);
  });
});

describe('drawSignedInPages', () => {
  let outDir: string;
  afterEach(() => rm(outDir, { recursive: true, force: true }));

  it('draws the frame into each signed-in page, keeping its code’s modulepreload links and fetching the app’s script at once', async () => {
    outDir = await mkdtemp(join(tmpdir(), 'signed-in-pages-'));
    await mkdir(join(outDir, 'signed-in'));
    await writeFile(join(outDir, signedInFile('/dashboard')), signedInHtml(INDEX, ['/assets/Shell-c.js', '/assets/Dashboard-d.js']));

    await drawSignedInPages(outDir, [{ path: '/dashboard', title: 'Dashboard · Yozy Admin' }], (path) =>
      FRAME.replace('Dashboard', `Drawn for ${path}`),
    );

    const html = await readFile(join(outDir, 'signed-in/dashboard.html'), 'utf8');
    expect(html).toContain('<div id="prerendered"><header>');
    expect(html).toContain('<h1>Drawn for /dashboard</h1></main></div>\n    <div id="root"></div>');
    expect(html).toContain('<title>Dashboard · Yozy Admin</title>');
    // At low priority: the page is drawn, its first paint waits for none of its code.
    for (const file of ['/assets/index-a.js', '/assets/react-b.js', '/assets/Shell-c.js', '/assets/Dashboard-d.js'])
      expect(html).toContain(`<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`);
    expect(html.match(/<link /g)).toHaveLength(4);
    expect(html).toContain('<script defer src="/start-after-paint.js" data-entry="/assets/index-a.js"></script>');
    // The entry's preload comes before the page's body, so the browser asks for it while it reads the head.
    expect(html.indexOf('href="/assets/index-a.js"')).toBeLessThan(html.indexOf('<body>'));
  });

  it('fails the build for an address signedInPages wrote no page for', async () => {
    outDir = await mkdtemp(join(tmpdir(), 'signed-in-pages-'));
    await expect(drawSignedInPages(outDir, [{ path: '/UserManagement', title: 'Users' }], () => FRAME)).rejects.toThrow(
      /the build wrote no signed-in\/UserManagement\.html/,
    );
  });
});
