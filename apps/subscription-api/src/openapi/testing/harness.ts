import { afterAll, beforeAll, expect } from 'vitest';
import type { Response } from 'supertest';
import { z } from 'zod';
import { openRestApi, type RestApi } from '#testing/restApi';
import { answerSchemas, openApiDocument } from '..';

/*
 * What the checks of the document's answers share: the REST service over the test file's own copy
 * of the seeded database, signed in as the provider's SuperAdmin, and every answer seen so far.
 */

type Documented = { content?: { 'application/json': { schema: { $ref?: string; items?: { $ref?: string } } } } };
export type Paths = Record<string, Record<string, { responses: Record<string, Documented> }>>;
export const paths = openApiDocument.paths as Paths;
const ANSWERS: Record<string, z.core.$ZodType> = answerSchemas;

export let api: RestApi;
export let superAdmin: string;

/** Opens the service before the file's tests and closes it after them. */
export function useAnswersApi() {
  beforeAll(async () => {
    api = await openRestApi({ allowHttpIssuers: true });
    superAdmin = await api.signIn('admin@yozy.local');
  });
  afterAll(() => api.close());
}

/** Each `method path status` a check has held against the document. */
export const seen = new Set<string>();

/** The zod schema the document names for this answer, or null when it documents no body. */
function documentedSchema(method: string, path: string, status: number): z.core.$ZodType | null {
  const documented = paths[path]?.[method]?.responses[status];
  if (!documented) throw new Error(`${method.toUpperCase()} ${path} answered ${status}, which the document does not list`);
  const schema = documented.content?.['application/json'].schema;
  if (!schema) return null;
  const named = (ref: string | undefined) => ANSWERS[ref!.replace('#/components/schemas/', '')]!;
  return schema.$ref ? named(schema.$ref) : z.array(named(schema.items?.$ref));
}

/** Holds a real answer against the document: a status listed for the call's method and path, and a body its schema accepts. */
export function expectDocumented(answer: Response, status: number) {
  const method = answer.request.method.toLowerCase();
  const path = new URL(answer.request.url).pathname;
  expect(answer.status).toBe(status);
  seen.add(`${method} ${path} ${status}`);
  const schema = documentedSchema(method, path, status);
  if (!schema) return expect(answer.text).toBe('');
  const result = z.safeParse(schema, answer.body);
  expect(result.error?.issues, JSON.stringify(answer.body)).toBeUndefined();
}

export async function userWhere(condition: string) {
  const [user] = await api.db.query<{ user_id: number; email: string }>(
    `SELECT user_id, email FROM client_users WHERE ${condition} ORDER BY user_id LIMIT 1`,
  );
  return user!;
}
