import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, visit, type SelectionSetNode } from 'graphql';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('../..', import.meta.url));

function documents(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : documents(path);
    return entry.name.endsWith('.graphql') ? [path] : [];
  });
}

/** Every `errors { … }` a mutation selects, by operation name, as the text of its selection. */
function mutationErrorSelections(): { operation: string; selection: string }[] {
  const found: { operation: string; selection: string }[] = [];
  for (const file of documents(SOURCE)) {
    for (const definition of parse(readFileSync(file, 'utf8')).definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== 'mutation') continue;
      visit(definition, {
        Field(field) {
          if (field.name.value !== 'errors' || !field.selectionSet) return;
          found.push({ operation: definition.name?.value ?? file, selection: selectionText(field.selectionSet) });
        },
      });
    }
  }
  return found;
}

const selectionText = (set: SelectionSetNode) =>
  set.selections
    .map((s) => (s.kind === Kind.FRAGMENT_SPREAD ? `...${s.name.value}` : s.kind === Kind.FIELD ? s.name.value : '…'))
    .join(' ');

describe('mutation documents of the web', () => {
  it('select payload errors through the one UserErrorFields fragment', () => {
    const selections = mutationErrorSelections();
    expect(selections.length).toBeGreaterThanOrEqual(5);
    for (const { operation, selection } of selections)
      expect({ operation, selection }).toEqual({ operation, selection: '...UserErrorFields' });
  });
});
