import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

/** Where the build writes each page drawn ahead: `prerendered/login.html` for `/login`; the gateway serves it there. */
export const prerenderedFile = (path: string) => `prerendered${path}.html`;

type PrerenderModule = {
  PRERENDERED_PAGES: { path: string; title: string }[];
  renderPage: (path: string) => string;
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The built index.html with a page drawn ahead in it: the page in `#prerendered` before the app's
 * `#root`, which stays hidden while the page is there (the app removes it when it takes over, see
 * src/lib/prerendered.ts). Test ids stay with the app's own elements only, so a page has one of
 * each. Submit buttons belong to no form until the app takes over: before that, a press or Enter
 * sends nothing (a form the browser sent itself would put the password in the address). The app
 * starts after the browser has painted the page (public/start-after-paint.js), its code fetched meanwhile.
 */
export function pageHtml(index: string, title: string, body: string): string {
  const page = body
    .replace(/ data-testid="[^"]*"/g, '')
    .replace(/<button([^>]*) type="submit"/g, '<button$1 type="submit" form="prerendered-inert"');
  if (!index.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  if (!entry.test(index)) throw new Error('index.html has no module script of the app');
  return index
    .replace(entry, '<script defer src="/start-after-paint.js" data-entry="$1"></script>')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', '    <style>#prerendered ~ #root { display: none; }</style>\n  </head>')
    .replace('<div id="root"></div>', `<div id="prerendered">${page}</div>\n    <div id="root"></div>`);
}

/**
 * Vite plugin: draws the public pages listed in src/app/prerender.tsx as HTML once the build is
 * written, with the real components (loaded through Vite in Node), so their form shows before
 * any script runs. Runs before the build is precompressed.
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
          const { PRERENDERED_PAGES, renderPage } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderModule;
          for (const { path, title } of PRERENDERED_PAGES) {
            const file = join(outDir, prerenderedFile(path));
            await mkdir(dirname(file), { recursive: true });
            await writeFile(file, pageHtml(index, title, renderPage(path)));
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}
