import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest, Plugin, ResolvedConfig, Rolldown } from 'vite';

export type BudgetOptions = {
  /** The address the budget is for, to name it in messages. */
  page: string;
  /** The source files of the screens that address renders, relative to the project root. */
  screens: string[];
  /** Most gzipped bytes of JavaScript the page may download (kB as Vite prints them: 1000 bytes). */
  limitBytes: number;
};

/**
 * The most JavaScript a first visit to /login may download, gzipped (kB as Vite prints them).
 * The floor of the stack is about 200 kB: React 19 with react-dom (64 kB), the router (12 kB),
 * Apollo Client 4 with its cache (49 kB), Chakra UI with emotion (about 50 kB) and the form kit's
 * react-hook-form (13 kB). Everything else waits until it is needed: zod and the input rules and
 * the captcha load on the first interaction with a form, toasts with the first toast, and every
 * other screen when a link to it is pointed at or, once the person is using the page, while the
 * browser is idle (usePreloadScreens). A little room above today's weight, so growth is a decision.
 * Raised from 220 to 225 kB when fifteen screens arrived: the Chakra parts sign-in shares with
 * them (field, input, alert) now travel as small shared files, which compress less well together.
 */
export const LOGIN_BUDGET_BYTES = 225_000;

export type ChunkWeight = { file: string; gzipBytes: number };

/**
 * The entry's chunks and each screen's, with every chunk they import statically: what the page
 * downloads first. A screen loaded lazily is a key of the manifest; one bundled into a chunk
 * that is not (the entry, say) is found through `chunkOf`, the file of the chunk that holds it.
 */
export function firstVisitChunks(
  manifest: Manifest,
  screens: readonly string[],
  chunkOf: (screen: string) => string | undefined = () => undefined,
): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('The build manifest has no entry');
  const screenKeys = screens.map((screen) => {
    if (manifest[screen]) return screen;
    const file = chunkOf(screen);
    const key = file && Object.keys(manifest).find((candidate) => manifest[candidate]?.file === file);
    if (!key) throw new Error(`${screen} is in no chunk of the build: is it still the screen of this page?`);
    return key;
  });
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  [...entries, ...screenKeys].forEach(visit);
  return [...new Set([...seen].map((key) => manifest[key]!.file))].filter((file) => file.endsWith('.js')).sort();
}

/** Each chunk's gzipped size (the strongest level, as the build's .gz copies), biggest first. */
export function weighChunks(bundle: Rolldown.OutputBundle, files: readonly string[]): ChunkWeight[] {
  const weights = files.map((file) => {
    const output = bundle[file];
    if (output?.type !== 'chunk') throw new Error(`${file} is in the manifest but not in the bundle`);
    return { file, gzipBytes: gzipSync(output.code, { level: 9 }).length };
  });
  return weights.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function budgetReport(options: BudgetOptions, weights: readonly ChunkWeight[]): { total: number; text: string } {
  const total = weights.reduce((sum, weight) => sum + weight.gzipBytes, 0);
  const lines = weights.map((weight) => `  ${kB(weight.gzipBytes).padStart(9)}  ${weight.file}`);
  const text = [
    `First visit to ${options.page}: ${kB(total)} of JavaScript gzipped (budget ${kB(options.limitBytes)}, ${weights.length} files)`,
    ...lines,
  ].join('\n');
  return { total, text };
}

/**
 * Vite plugin: fails the build when the JavaScript a first visit to `page` downloads (the
 * entry, the page's screens and everything they import statically, from the build manifest)
 * weighs more than the budget gzipped. Screens that load later are not counted: they are
 * separate chunks fetched when visited.
 */
export function firstVisitBudget(options: BudgetOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'yozy:first-visit-budget',
    apply: 'build',
    config: () => ({ build: { manifest: true } }),
    configResolved(resolved) {
      config = resolved;
    },
    // Once this build's files are written, from this build's own manifest and chunks.
    writeBundle(_output, bundle) {
      const manifestFile = typeof config.build.manifest === 'string' ? config.build.manifest : '.vite/manifest.json';
      const manifestAsset = bundle[manifestFile];
      if (manifestAsset?.type !== 'asset') throw new Error(`The build wrote no manifest at ${manifestFile}`);
      const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
      const chunkOf = (screen: string) => {
        const path = resolve(config.root, screen);
        return Object.values(bundle).find((output) => output.type === 'chunk' && output.moduleIds.includes(path))?.fileName;
      };
      const files = firstVisitChunks(manifest, options.screens, chunkOf);
      const { total, text } = budgetReport(options, weighChunks(bundle, files));
      config.logger.info(`\n${text}`);
      if (total > options.limitBytes) {
        throw new Error(
          `The first visit to ${options.page} downloads ${kB(total)} of JavaScript gzipped, over its budget of ${kB(options.limitBytes)}. ` +
            'Load what the page does not need at once later (a lazy screen, a dynamic import), or make room elsewhere.',
        );
      }
    },
  };
}
