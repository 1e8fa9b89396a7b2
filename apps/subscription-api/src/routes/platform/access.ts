import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { MAX_RECORD_ID } from '@yozy/shared';
import { viewerOf } from '../../http/auth';
import { HttpError } from '../../http/errors';

/** Platform Settings are the provider's: only its SuperAdmins read or change them. */
export const requireSuperAdmin: RequestHandler = (_req, res, next) => {
  if (viewerOf(res).typeOfUser !== 'SuperAdmin') {
    throw new HttpError('FORBIDDEN', 'Platform settings are for the provider’s administrators');
  }
  next();
};

/** `?PlanId=eq.7`: the one record a change or deletion acts on, in the filter style of list resources. */
export function recordQuery<const Name extends string>(name: Name) {
  return z.object({
    [name]: z
      .string({ error: `Name the record: ${name}=eq.<id>` })
      .regex(/^eq\.\d{1,10}$/, `Name the record: ${name}=eq.<id>`)
      .describe(`The record, as ${name}=eq.<id>`),
  } as Record<Name, z.ZodString>);
}

/** The id a record query names; one no integer column holds names no record. */
export function recordIdOf(query: z.ZodObject, name: string, req: Request): number {
  const parsed = query.safeParse(req.query);
  if (!parsed.success) throw new HttpError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Name the record', name);
  const id = Number((parsed.data as Record<string, string>)[name]!.slice(3));
  if (id < 1 || id > MAX_RECORD_ID) throw new HttpError('NOT_FOUND', 'There is no such record', name);
  return id;
}

/** Both database drivers report SQLSTATE 23505 with the constraint's name. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === constraint
  );
}
