/**
 * Field resolvers that read each GraphQL field from the REST field a map names, so a type's
 * names are written once (the map in packages/shared) rather than once per resolver.
 */
export function readRestFields<Row>() {
  return <const Map extends Record<string, keyof Row & string>>(map: Map): { [Graph in keyof Map]: (row: Row) => Row[Map[Graph]] } =>
    Object.fromEntries(Object.entries(map).map(([graph, rest]) => [graph, (row: Row) => row[rest as keyof Row]])) as never;
}
