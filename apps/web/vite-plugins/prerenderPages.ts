import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { signedInFile } from './signedInPages.ts';

/** Where the build writes each page drawn ahead: `prerendered/login.html` for `/login`; the gateway serves it there. */
export const prerenderedFile = (path: string) => `prerendered${path}.html`;

type PrerenderModule = {
  PRERENDERED_PAGES: { path: string; title: string }[];
  renderPage: (path: string) => string;
  SIGNED_IN_PAGES: { path: string; title: string }[];
  renderSignedInPage: (path: string) => string;
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The built index.html with a page drawn ahead in it: the page in `#prerendered` before the app's
 * `#root`, which stays hidden while the page is there (the app removes it when it takes over, see
 * src/lib/prerendered.ts). Test ids stay with the app's own elements only, so a page has one of
 * each. Submit buttons belong to no form until the app takes over: before that, a press or Enter
 * sends nothing (a form the browser sent itself would put the password in the address). The app
 * starts after the browser has painted the page (public/start-after-paint.js), its code fetched meanwhile.
 * A signed-in page (`signedIn`) has the browser fetch the app's own script as it reads the page
 * too, beside the rest of its code, rather than once the page is painted; and asks for all of that
 * code at low priority: the page is drawn, so none of it holds up the first paint (the browser, and
 * Lighthouse's model of it, would otherwise treat a script fetched at high priority as one the
 * paint waits for).
 */
export function pageHtml(index: string, title: string, body: string, { signedIn = false } = {}): string {
  const page = body
    .replace(/ data-testid="[^"]*"/g, '')
    .replace(/<button([^>]*) type="submit"/g, '<button$1 type="submit" form="prerendered-inert"');
  if (!index.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  if (!entry.test(index)) throw new Error('index.html has no module script of the app');
  const startAfterPaint = '<script defer src="/start-after-paint.js" data-entry="$1"></script>';
  const started = signedIn
    ? index
        .replace(entry, `${startAfterPaint}\n    <link rel="modulepreload" crossorigin href="$1">`)
        .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
    : index.replace(entry, startAfterPaint);
  return started
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', '    <style>#prerendered ~ #root { display: none; }</style>\n  </head>')
    .replace('<div id="root"></div>', `<div id="prerendered">${page}</div>\n    <div id="root"></div>`);
}

/**
 * Draws each signed-in page's frame (`render`) into the page signedInPages wrote for its address
 * under `outDir`, which keeps its code's modulepreload links and fetches the app's own script at
 * once too. An address with no such page fails the build: the gateway would never send its frame.
 */
export async function drawSignedInPages(
  outDir: string,
  pages: readonly { path: string; title: string }[],
  render: (path: string) => string,
): Promise<void> {
  for (const { path, title } of pages) {
    const file = join(outDir, signedInFile(path));
    const page = await readFile(file, 'utf8').catch(() => {
      throw new Error(`${path} is drawn ahead signed in, but the build wrote no ${signedInFile(path)} (see signedInPages)`);
    });
    await writeFile(file, pageHtml(page, title, render(path), { signedIn: true }));
  }
}

/**
 * Vite plugin: draws the public pages listed in src/app/prerender.tsx as HTML once the build is
 * written, with the real components (loaded through Vite in Node), so their form shows before
 * any script runs; and the console's frame with the screen's heading into the signed-in pages it
 * lists (written by signedInPages). Runs before the build is precompressed.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'yozy:prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const outDir = join(config.root, config.build.outDir);
        const index = await readFile(join(outDir, 'index.html'), 'utf8');
        const server = await createServer({
          root: config.root,
          configFile: config.configFile,
          mode: 'production',
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
          ssr: { noExternal: ['@yozy/shared'] },
        });
        try {
          const { PRERENDERED_PAGES, renderPage, SIGNED_IN_PAGES, renderSignedInPage } = (await server.ssrLoadModule(
            '/src/app/prerender.tsx',
          )) as PrerenderModule;
          for (const { path, title } of PRERENDERED_PAGES) {
            const file = join(outDir, prerenderedFile(path));
            await mkdir(dirname(file), { recursive: true });
            await writeFile(file, pageHtml(index, title, renderPage(path)));
          }
          await drawSignedInPages(outDir, SIGNED_IN_PAGES, renderSignedInPage);
        } finally {
          await server.close();
        }
      },
    },
  };
}
