import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Manifest, Plugin, ResolvedConfig, Rolldown } from 'vite';

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
  /**
   * The source modules of the pages people see signed out (sign-in with what it loads later,
   * sign-up, the password pages): what they use stays out of the signed-in files, so a first
   * visit to them downloads none of the frame.
   */
  publicScreens: readonly string[];
};

/** A module and what it imports: statically (needed at once), and on demand. */
export type ModuleGraph = ReadonlyMap<string, { imports: readonly string[]; dynamicImports: readonly string[] }>;

/** Every module `roots` need, following static imports and, if asked, imports on demand too. */
export function reachable(graph: ModuleGraph, roots: Iterable<string>, { onDemand = false } = {}): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const node = graph.get(id);
    if (!node) continue;
    stack.push(...node.imports, ...(onDemand ? node.dynamicImports : []));
  }
  return seen;
}

/**
 * Which file each signed-in module goes in, by name, so a page opened signed in fetches a few
 * files rather than dozens over the browser's six connections:
 * - `signed-in-kit`: what the frame and the landing screens share with a signed-out page (a first
 *   visit to sign-up fetches it, not the frame);
 * - `signed-in-frame`: the rest of what the frame needs;
 * - `signed-in-N` (N from 1, in the order of `pages`): what only that page's screen needs, and
 *   `signed-in-N-shared`: what it shares with screens loaded on demand, which fetch it too.
 * Left out: the entry's modules (`entries`, in the first download already) and what only signed-out
 * pages use. Each set is closed under static imports minus what comes before it, so no two of
 * these files import each other both ways.
 */
export function signedInGroups(
  graph: ModuleGraph,
  {
    entries,
    frame,
    pages,
    publicScreens,
  }: { entries: readonly string[]; frame: readonly string[]; pages: readonly (readonly string[])[]; publicScreens: readonly string[] },
): Map<string, string> {
  const initial = reachable(graph, entries);
  const signedOut = reachable(graph, publicScreens, { onDemand: true });
  const group = new Map<string, string>();
  const put = (ids: Iterable<string>, name: string, when: (id: string) => boolean = () => true) => {
    for (const id of ids) if (!initial.has(id) && !group.has(id) && when(id)) group.set(id, name);
  };
  const frameNeeds = reachable(graph, frame);
  const pageNeeds = pages.map((roots) => reachable(graph, roots));
  put(
    [frameNeeds, ...pageNeeds].flatMap((ids) => [...ids]),
    'signed-in-kit',
    (id) => signedOut.has(id),
  );
  put(frameNeeds, 'signed-in-frame');
  const loadedOnDemand = new Set([...graph.values()].flatMap((node) => node.dynamicImports));
  pages.forEach((roots, index) => {
    const others = reachable(
      graph,
      [...loadedOnDemand].filter((id) => !roots.includes(id) && !frame.includes(id)),
    );
    put(pageNeeds[index]!, `signed-in-${index + 1}`, (id) => !others.has(id));
    put(pageNeeds[index]!, `signed-in-${index + 1}-shared`);
  });
  return group;
}

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
export function signedInPages(options: SignedInPagesOptions): Plugin & { chunkGroups: Rolldown.CodeSplittingGroup[] } {
  let config: ResolvedConfig;
  // Filled once every module is known (buildEnd), read as the build splits them into files (after).
  let groups = new Map<string, string>();
  const paths = Object.keys(options.pages);
  const names = [
    'signed-in-kit',
    'signed-in-frame',
    ...paths.flatMap((_, index) => [`signed-in-${index + 1}`, `signed-in-${index + 1}-shared`]),
  ];
  const chunkGroups: Rolldown.CodeSplittingGroup[] = names.map((name, index) => ({
    name,
    test: (id: string) => groups.get(id) === name,
    // Below the entry's own groups, above the icons'; every module a group needs is in it or left out on purpose.
    priority: 4 - index / 100,
    includeDependenciesRecursively: false,
  }));
  return {
    name: 'yozy:signed-in-pages',
    apply: 'build',
    chunkGroups,
    config: () => ({ build: { manifest: true } }),
    configResolved(resolved) {
      config = resolved;
    },
    buildEnd() {
      const graph = new Map<string, { imports: string[]; dynamicImports: string[] }>();
      const entries: string[] = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        graph.set(id, { imports: [...info.importedIds], dynamicImports: [...info.dynamicallyImportedIds] });
        if (info.isEntry) entries.push(id);
      }
      const at = (module: string) => resolve(config.root, module);
      groups = signedInGroups(graph, {
        entries,
        frame: options.frame.map(at),
        pages: Object.values(options.pages).map((modules) => modules.map(at)),
        publicScreens: options.publicScreens.map(at),
      });
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
