// Emits apps/web/src/generated/graphql.ts: the schema's types and what each operation module
// (`*.generated.ts` beside each `.graphql` file) offers, re-exported so code imports from one
// place. The web package is free of side effects, so a screen's bundle keeps only the operations
// it uses. Names are listed one by one: every operation module also declares the enums it uses,
// which the schema's types already export.
const { Kind } = require('graphql');
const { join, relative, sep } = require('node:path');

// Modules are named from the source folder, as the web's `@/` alias names it.
const SOURCE_DIR = join(process.cwd(), 'apps/web/src');
const KIND = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' };

function namesOf(definition) {
  const name = definition.name.value;
  if (definition.kind === Kind.FRAGMENT_DEFINITION) return { values: [`${name}FragmentDoc`], types: [`${name}Fragment`] };
  const result = `${name}${KIND[definition.operation]}`;
  const hooks =
    definition.operation === 'query'
      ? [`use${result}`, `use${name}LazyQuery`]
      : definition.operation === 'mutation'
        ? [`use${result}`]
        : [];
  return { values: [`${name}Document`, ...hooks], types: [result, `${result}Variables`] };
}

module.exports = {
  plugin(_schema, documents) {
    const lines = ["export type * from './schema';"];
    const sources = [...documents].filter((source) => source.location).sort((a, b) => a.location.localeCompare(b.location));
    for (const source of sources) {
      const definitions = (source.document?.definitions ?? []).filter(
        (d) => (d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION) && d.name,
      );
      if (!definitions.length) continue;
      const names = definitions.map(namesOf);
      const exported = [...names.flatMap((n) => n.values), ...names.flatMap((n) => n.types.map((type) => `type ${type}`))];
      const target = relative(SOURCE_DIR, source.location).replace(/\.graphql$/, '.generated');
      lines.push(`export { ${exported.join(', ')} } from '@/${target.split(sep).join('/')}';`);
    }
    return lines.join('\n') + '\n';
  },
};
