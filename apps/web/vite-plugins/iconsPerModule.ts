import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

// Icon sets (react-icons/lu, react-icons/md, …); react-icons/lib is the shared renderer.
const SET = /^react-icons\/(?!lib$)(\w+)$/;
const BARREL = '\0react-icons-barrel:';
const ICON = '\0react-icons-icon:';

// Every icon of a set is one function in the set's single generated file, in this exact shape.
const DEFINITION = /^export function (\w+) \(props\) \{\n {2}return GenIcon\((.*)\)\(props\);\n\};$/gm;

/** The icons of one react-icons set: name -> the argument of its GenIcon call. */
export function parseIconSet(source: string): Map<string, string> {
  const icons = new Map<string, string>();
  for (const [, name, tree] of source.matchAll(DEFINITION)) icons.set(name!, tree!);
  return icons;
}

/**
 * Vite plugin: gives each react-icons icon a module of its own. A set such as `react-icons/lu`
 * is one file holding every icon, and a bundler places a module whole in one chunk, so every
 * icon any screen uses would otherwise ride in the first screen's JavaScript. Imports stay
 * `import { LuUsers } from 'react-icons/lu'`; the set resolves to a list of re-exports, one
 * module per icon, and each icon then travels with the screens that use it.
 */
export function iconsPerModule(): Plugin {
  // The set's own file, as the bundler would have resolved it.
  const files = new Map<string, string>();
  const sets = new Map<string, Promise<Map<string, string>>>();
  const iconSet = (set: string) => {
    let icons = sets.get(set);
    if (!icons) {
      const file = files.get(set);
      if (!file) throw new Error(`react-icons/${set} was never resolved`);
      icons = readFile(file, 'utf8').then((source) => {
        const parsed = parseIconSet(source);
        if (parsed.size === 0) throw new Error(`react-icons/${set}: no icons found; has the package changed the shape of its files?`);
        return parsed;
      });
      sets.set(set, icons);
    }
    return icons;
  };

  return {
    name: 'yozy:icons-per-module',
    // The development server serves modules one by one: a set's 1,500 icons would be 1,500 requests.
    apply: 'build',
    enforce: 'pre',
    async resolveId(id, importer) {
      const set = SET.exec(id)?.[1];
      if (set) {
        const resolved = await this.resolve(id, importer, { skipSelf: true });
        if (!resolved) return null;
        files.set(set, resolved.id);
        return BARREL + set;
      }
      if (id.startsWith(ICON)) return id;
      return null;
    },
    async load(id) {
      if (id.startsWith(BARREL)) {
        const set = id.slice(BARREL.length);
        const names = [...(await iconSet(set)).keys()];
        return { code: names.map((name) => `export { ${name} } from '${ICON}${set}/${name}';`).join('\n'), moduleSideEffects: false };
      }
      if (id.startsWith(ICON)) {
        const [set = '', name = ''] = id.slice(ICON.length).split('/');
        const tree = (await iconSet(set)).get(name);
        if (!tree) throw new Error(`react-icons/${set} has no icon ${name}`);
        const code = `import { GenIcon } from 'react-icons/lib';\nexport function ${name}(props) {\n  return GenIcon(${tree})(props);\n}\n`;
        return { code, moduleSideEffects: false };
      }
      return null;
    },
  };
}
