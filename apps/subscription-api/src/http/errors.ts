import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { passwordRuleCode } from '@yozy/shared';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'INVALID_TOKEN'
  | 'WEAK_PASSWORD'
  | 'PASSWORD_MISMATCH'
  | 'UNAUTHENTICATED'
  | 'INVALID_CREDENTIALS'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INTERNAL';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  INVALID_TOKEN: 400,
  WEAK_PASSWORD: 400,
  PASSWORD_MISMATCH: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INTERNAL: 500,
};

/** An expected failure, answered as `{ error: { code, message, field? } }`. */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const notFound: RequestHandler = (req) => {
  throw new HttpError('NOT_FOUND', `No resource at ${req.method} ${req.path}`);
};

/** Answers every failure as JSON; unexpected ones are logged and never show a stack trace. */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  const known = toHttpError(error);
  if (!known) console.error('subscription-api: unexpected error', error);
  const answer = known ?? new HttpError('INTERNAL', 'Something went wrong on our side');
  res.status(answer.status).json({
    error: { code: answer.code, message: answer.message, ...(answer.field ? { field: answer.field } : {}) },
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
  if (isBodyParserError(error)) {
    return new HttpError('BAD_REQUEST', error.type === 'entity.too.large' ? 'Request body too large' : 'Malformed JSON body');
  }
  return null;
}

/** body-parser's own errors carry a `type` such as entity.parse.failed and a 4xx status. */
function isBodyParserError(error: unknown): error is { type: string; status: number } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'type' in error &&
    'status' in error &&
    typeof error.status === 'number' &&
    error.status < 500
  );
}

/** Parses a JSON body with a zod schema; a missing body counts as an empty object. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  return schema.parse(body ?? {});
}
