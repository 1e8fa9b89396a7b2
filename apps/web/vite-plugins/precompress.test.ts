import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

describe('precompressDirectory', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of the text files that decode to the original, and leaves the rest alone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
    const files: Record<string, string> = {
      'index.html': `<!doctype html><html><body>${'<p>Yozy</p>'.repeat(40)}</body></html>`,
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(20)}</svg>`,
      'assets/index-a1.js': script,
      'assets/index-a1.css': 'body { margin: 0; }\n'.repeat(40),
      'assets/index-a1.js.map': script,
      'assets/photo.png': 'not text',
      // Too small for compression to win: left without copies.
      'assets/tiny.js': 'a',
    };
    for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);

    const written = await precompressDirectory(dir);

    const compressed = ['index.html', 'favicon.svg', 'assets/index-a1.js', 'assets/index-a1.css'];
    expect(written).toEqual(compressed.flatMap((path) => [join(dir, `${path}.br`), join(dir, `${path}.gz`)]).sort());
    for (const path of compressed) {
      expect(brotliDecompressSync(readFileSync(join(dir, `${path}.br`))).toString()).toBe(files[path]);
      expect(gunzipSync(readFileSync(join(dir, `${path}.gz`))).toString()).toBe(files[path]);
    }
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual(
      [
        'index-a1.css',
        'index-a1.css.br',
        'index-a1.css.gz',
        'index-a1.js',
        'index-a1.js.br',
        'index-a1.js.gz',
        'index-a1.js.map',
        'photo.png',
        'tiny.js',
      ].sort(),
    );
  });
});
