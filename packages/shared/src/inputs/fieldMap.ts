import { z } from 'zod';

/**
 * The names one resource's fields have in GraphQL inputs (`companyName`) and in the REST
 * service (`ClientCompanyName`), written once and used in both directions: the gateway builds
 * REST bodies with it and names the input field of a REST refusal; the REST service validates
 * its body with the shared schema under the REST names.
 */
export type FieldMap<Graph extends string = string, Rest extends string = string> = Readonly<Record<Graph, Rest>>;

type RestNames<Shape extends z.ZodRawShape, Map extends FieldMap<Extract<keyof Shape, string>>> = {
  [K in keyof Shape & keyof Map as Map[K]]: Shape[K];
};

/** The same object schema with every field under its REST name. */
export function restSchema<Shape extends z.ZodRawShape, Map extends FieldMap<Extract<keyof Shape, string>>>(
  schema: z.ZodObject<Shape>,
  map: Map,
): z.ZodObject<Extract<RestNames<Shape, Map>, z.ZodRawShape>> {
  const shape = Object.fromEntries(Object.entries(schema.shape).map(([name, rule]) => [map[name as keyof Map], rule]));
  return z.object(shape) as never;
}

/** `Input` under the REST names of `Map`: the fields the map knows, each with the value it came with. */
export type RestFields<Map extends FieldMap, Input> = {
  [Name in keyof Input as Name extends keyof Map ? Map[Name] : never]: Exclude<Input[Name], undefined>;
};

/** `input` with its keys renamed to the REST names; keys the map does not know are dropped. */
export function toRestFields<Map extends FieldMap, Input extends Partial<Record<keyof Map, unknown>>>(
  map: Map,
  input: Input,
): RestFields<Map, Input> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (Object.hasOwn(map, name) && value !== undefined) body[map[name as keyof Map]!] = value;
  }
  return body as RestFields<Map, Input>;
}

/** The GraphQL input field a REST field name stands for, or null when the map has none. */
export function fromRestField(map: FieldMap, restName: string | null | undefined): string | null {
  if (!restName) return null;
  // An item of a list field (`AllowedEmailDomains.1`) is reported on the list field itself.
  const field = restName.split('.')[0];
  for (const [graph, rest] of Object.entries(map)) if (rest === field) return graph;
  return null;
}
