import type { z } from 'zod';

// The core schema type: relating zod's classes to z.ZodType costs the type-checker seconds.
type Schema = z.core.$ZodType;

/**
 * The named bodies of the REST contract, each named once where it is defined: the OpenAPI
 * document shows every one as a component, and the gateway's generated REST types refer to them
 * by these names.
 */
export const requestSchemas: Record<string, Schema> = {};
export const answerSchemas: Record<string, Schema> = {};

function named<S extends Schema>(names: Record<string, Schema>, name: string, schema: S): S {
  if (Object.hasOwn(requestSchemas, name) || Object.hasOwn(answerSchemas, name)) {
    throw new Error(`OpenAPI: "${name}" names two schemas`);
  }
  names[name] = schema;
  return schema;
}

/** A request body the routes parse, documented as they accept it (zod's input side). */
export const requestSchema = <S extends Schema>(name: string, schema: S): S => named(requestSchemas, name, schema);

/** An answer body, documented as the routes send it (zod's output side). */
export const answerSchema = <S extends Schema>(name: string, schema: S): S => named(answerSchemas, name, schema);
