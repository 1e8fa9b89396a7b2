import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The built files a browser downloads as text; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|css|html|svg)$/;

/** What the gateway looks for beside a built file, in the order it prefers them. */
export const VARIANTS = [
  { suffix: '.br', compress: (data: Buffer) => brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) },
  { suffix: '.gz', compress: (data: Buffer) => gzipAsync(data, { level: 9 }) },
] as const;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, compressed once at the
 * strongest settings, so the gateway sends them as they are instead of compressing per request.
 * A variant that would not be smaller is left out; the gateway then sends the file itself.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const written: string[] = [];
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      for (const variant of VARIANTS) {
        const packed = await variant.compress(data);
        if (packed.length >= data.length) continue;
        await writeFile(file + variant.suffix, packed);
        written.push(file + variant.suffix);
      }
    }),
  );
  return written.sort();
}

/** Vite plugin: precompresses the output directory once the build has written it. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'yozy:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await precompressDirectory(join(config.root, config.build.outDir));
    },
  };
}
