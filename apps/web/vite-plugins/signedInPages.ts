import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Manifest, Plugin, ResolvedConfig } from 'vite';

/**
 * Where the build writes the page for a signed-in address: `signed-in/dashboard.html` for
 * `/dashboard`. The gateway sends it instead of index.html to a browser with a session cookie.
 */
export const signedInFile = (path: string) => `signed-in${path}.html`;

export type SignedInPagesOptions = {
  /** The source modules every signed-in screen needs: the console's frame. */
  frame: readonly string[];
  /** Each address people land on, and the source modules of its screen (its view, the module that asks for its data). */
  pages: Readonly<Record<string, readonly string[]>>;
};

/**
 * The built files `modules` need beyond what the entry loads already: each module's chunk and
 * every chunk it imports statically, in the order a browser should ask for them (each module's
 * own first). A module loaded on demand is a key of the manifest; one a chunk group took in is
 * found through `chunkOf`, the file of the chunk that holds it. A module in no chunk fails the build.
 */
export function chunksOf(
  manifest: Manifest,
  modules: readonly string[],
  chunkOf: (module: string) => string | undefined = () => undefined,
): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('The build manifest has no entry');
  const loaded = new Set<string>();
  const visitFrom = (seen: Set<string>, order: string[]) => {
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      order.push(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    return visit;
  };
  entries.forEach(visitFrom(loaded, []));
  const order: string[] = [];
  const visit = visitFrom(loaded, order);
  for (const module of modules) {
    const file = manifest[module] ? undefined : chunkOf(module);
    const key = manifest[module] ? module : file && Object.keys(manifest).find((candidate) => manifest[candidate]?.file === file);
    if (!key) throw new Error(`${module} is in no chunk of the build`);
    visit(key);
  }
  return [...new Set(order.map((key) => manifest[key]!.file))].filter((file) => file.endsWith('.js'));
}

/** index.html that starts fetching `files` (URLs) as it is read, beside the entry's own. */
export function signedInHtml(index: string, files: readonly string[]): string {
  const end = /\n( *)<\/head>/;
  if (!end.test(index)) throw new Error('index.html has no </head>');
  const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`).join('');
  return index.replace(end, (_match, indent: string) => `\n${links}${indent}</head>`);
}

/**
 * Vite plugin: for each address people land on signed in (the dashboard, the people list, the
 * organisation list), index.html with `<link rel="modulepreload">` for the frame's code and that
 * screen's, so the browser fetches them beside the entry's, as soon as it reads the page, instead
 * of once the entry has run and asked for them (a round trip later, behind its main-thread work).
 * The gateway serves these pages only to a browser with a session cookie: /login and signed-out
 * visitors download nothing more. Runs before the build is precompressed.
 */
export function signedInPages(options: SignedInPagesOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'yozy:signed-in-pages',
    apply: 'build',
    config: () => ({ build: { manifest: true } }),
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(_output, bundle) {
      const manifestFile = typeof config.build.manifest === 'string' ? config.build.manifest : '.vite/manifest.json';
      const manifestAsset = bundle[manifestFile];
      const indexAsset = bundle['index.html'];
      if (manifestAsset?.type !== 'asset') throw new Error(`The build wrote no manifest at ${manifestFile}`);
      if (indexAsset?.type !== 'asset') throw new Error('The build wrote no index.html');
      const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
      const index = String(indexAsset.source);
      const outDir = resolve(config.root, config.build.outDir);
      const chunkOf = (module: string) => {
        const path = resolve(config.root, module);
        return Object.values(bundle).find((output) => output.type === 'chunk' && output.moduleIds.includes(path))?.fileName;
      };
      for (const [path, modules] of Object.entries(options.pages)) {
        if (!/^(\/[A-Za-z0-9-]+)+$/.test(path))
          throw new Error(`${path} is not an address the gateway serves a signed-in page for (letters, digits and dashes)`);
        const files = chunksOf(manifest, [...options.frame, ...modules], chunkOf).map((file) => config.base + file);
        const target = join(outDir, signedInFile(path));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, signedInHtml(index, files));
      }
    },
  };
}
