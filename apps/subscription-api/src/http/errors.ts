import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { describeError, passwordRuleCode, requestFailure } from '@yozy/shared';
import { requestRecord } from '@yozy/shared/requestLog';
import { isUniqueViolation, QueryError } from '#db/database';

/**
 * Every code the service refuses with, and the HTTP status it is answered with: the one list of
 * them, which the OpenAPI document's `Error` answer names too (http/answers.ts).
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_TOKEN: 400,
  WEAK_PASSWORD: 400,
  PASSWORD_MISMATCH: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SEAT_LIMIT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** An expected failure, answered as `{ error: { code, message, field? } }`, with `headers` when it needs some (a 401's challenge). */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound: RequestHandler = (req) => {
  throw new HttpError('NOT_FOUND', `No resource at ${req.method} ${req.path}`);
};

/** Answers every failure as JSON; unexpected ones are logged and never show a stack trace. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (isDataException(error)) {
    // Every value of a query comes from the request, so the request was wrong; but a check
    // before the query should have said which field, so the log tells which query it was.
    requestRecord(res).failure = `the database refused a value: ${describeError(error)}`;
  }
  const known = toHttpError(error);
  // Written on the request's own log line, under its id.
  if (!known) requestRecord(res).failure = describeError(error);
  const answer = known ?? new HttpError('INTERNAL', 'Something went wrong on our side');
  requestRecord(res).errors = [answer.code];
  if (answer.headers) res.set(answer.headers);
  res.status(answer.status).json({
    // An empty name is still a name: `?=eq.1` is answered with field "".
    error: { code: answer.code, message: answer.message, ...(answer.field !== undefined ? { field: answer.field } : {}) },
  });
};

function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof z.ZodError) {
    const issue = error.issues[0];
    const field = issue?.path.join('.') || undefined;
    // The shared password rule says why it refused (too weak, or not confirmed), and callers act on that.
    const code = (issue && passwordRuleCode(issue)) ?? 'BAD_REQUEST';
    return new HttpError(code, issue?.message ?? 'Invalid request body', field);
  }
  if (isDataException(error)) {
    return new HttpError('BAD_REQUEST', 'A value in the request is out of range or malformed for what it is used for');
  }
  const failure = requestFailure(error);
  if (failure) return new HttpError(codeOfStatus(failure.status), failure.message);
  return null;
}

/** The code of a failure found reading the request (its status below 500): the first of that status, else BAD_REQUEST. */
const codeOfStatus = (status: number): ErrorCode => ERROR_CODES.find((code) => ERROR_STATUS[code] === status) ?? 'BAD_REQUEST';

/**
 * SQLSTATE class 22: a value the database cannot take (a date out of range, an unusable
 * character…). Division by zero is in the class too, but only our own SQL can cause it.
 */
function isDataException(error: unknown): error is QueryError {
  return error instanceof QueryError && error.code?.startsWith('22') === true && error.code !== '22012';
}

/** Parses a JSON body with a zod schema; a missing body counts as an empty object. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  return schema.parse(body ?? {});
}

/** What a clash with a unique constraint means to the caller: the message, and the field it is about. */
export type Duplicate = readonly [message: string, field: string];

/**
 * Runs a change whose checks two racing requests may both pass: the unique constraint settles it,
 * and a clash with one of `duplicates` (by constraint name) is answered as CONFLICT on its field.
 */
export async function settleDuplicates<T>(work: () => Promise<T>, duplicates: Record<string, Duplicate>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const clash = Object.entries(duplicates).find(([constraint]) => isUniqueViolation(error, constraint));
    if (clash) throw new HttpError('CONFLICT', ...clash[1]);
    throw error;
  }
}
