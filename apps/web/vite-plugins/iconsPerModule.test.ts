import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIconSet } from './iconsPerModule';

describe('parseIconSet', () => {
  it('finds every icon of the installed lucide set, with the tree its GenIcon call draws', () => {
    // The package exports no package.json; its CommonJS build of the set sits beside the ES one.
    const require = createRequire(import.meta.url);
    const file = join(dirname(require.resolve('react-icons/lu')), 'index.mjs');
    const source = readFileSync(file, 'utf8');

    const icons = parseIconSet(source);

    expect(icons.size).toBe((source.match(/^export function /gm) ?? []).length);
    expect(icons.size).toBeGreaterThan(1000);
    const users = JSON.parse(icons.get('LuUsers')!) as { tag: string; attr: { viewBox: string } };
    expect(users.tag).toBe('svg');
    expect(users.attr.viewBox).toBe('0 0 24 24');
  });
});
