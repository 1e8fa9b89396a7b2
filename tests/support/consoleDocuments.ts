import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';

const CONSOLE_SOURCES = fileURLToPath(new URL('../../apps/web/src', import.meta.url));

/** Every operation and fragment the console's .graphql files (apps/web/src) define, by name. */
function consoleDefinitions(): Map<string, DefinitionNode> {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.graphql') ? [join(dir, entry.name)] : [],
    );
  const definitions = new Map<string, DefinitionNode>();
  for (const file of files(CONSOLE_SOURCES)) {
    for (const definition of parse(readFileSync(file, 'utf8')).definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION) {
        definitions.set(definition.name!.value, definition);
      }
    }
  }
  return definitions;
}

let definitions: Map<string, DefinitionNode> | undefined;

/** The console's operation `name` with every fragment it spreads, as the web app sends it. */
export function consoleDocument(name: string): string {
  definitions ??= consoleDefinitions();
  const known = definitions;
  const operation = known.get(name) as OperationDefinitionNode | undefined;
  if (operation?.kind !== Kind.OPERATION_DEFINITION) throw new Error(`The console has no operation ${name}`);
  const fragments = new Map<string, FragmentDefinitionNode>();
  const collect = (node: DefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const fragmentName = spread.name.value;
        if (fragments.has(fragmentName)) return;
        const fragment = known.get(fragmentName) as FragmentDefinitionNode;
        fragments.set(fragmentName, fragment);
        collect(fragment);
      },
    });
  collect(operation);
  return [operation, ...fragments.values()].map((definition) => print(definition)).join('\n');
}
