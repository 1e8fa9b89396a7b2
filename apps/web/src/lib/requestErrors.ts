import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { GraphQLFormattedError } from 'graphql';
import type { ErrorCode } from '../generated/graphql';

export const UNREACHABLE_MESSAGE = 'We could not reach the server. Try again.';
export const UNEXPECTED_MESSAGE = 'Something went wrong. Try again.';

// Messages of these codes are written by the gateway for people; others may be technical.
const READABLE_CODES = new Set<string>([
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'CAPTCHA_FAILED',
  'RATE_LIMITED',
  'INVALID_TOKEN',
  'WEAK_PASSWORD',
  'PASSWORD_MISMATCH',
] satisfies ErrorCode[]);

function isReadable(error: GraphQLFormattedError): boolean {
  const code = error.extensions?.code;
  if (typeof code !== 'string') return false;
  // GraphQL's own BAD_USER_INPUT (a malformed variable) is technical; the gateway's names a field.
  if (code === 'BAD_USER_INPUT') return typeof error.extensions?.field === 'string';
  return READABLE_CODES.has(code);
}

/** GraphQL errors in the body of a non-2xx answer, e.g. the gateway's 429 for too many attempts. */
function errorsInBody(error: ServerError): readonly GraphQLFormattedError[] {
  try {
    const body = JSON.parse(error.bodyText) as { errors?: unknown };
    return Array.isArray(body.errors) ? (body.errors as GraphQLFormattedError[]) : [];
  } catch {
    return [];
  }
}

/** A sentence for the user about a failed GraphQL request (DESIGN §2: never "logged only"). */
export function describeRequestError(error: unknown): string {
  if (ServerError.is(error)) {
    const readable = errorsInBody(error).find(isReadable);
    return readable?.message ?? (error.statusCode >= 500 ? UNREACHABLE_MESSAGE : UNEXPECTED_MESSAGE);
  }
  if (!CombinedGraphQLErrors.is(error)) return UNREACHABLE_MESSAGE;
  const codes = error.errors.map((e) => e.extensions?.code);
  if (codes.includes('UPSTREAM_UNAVAILABLE')) return UNREACHABLE_MESSAGE;
  const readable = error.errors.find(isReadable);
  return readable?.message ?? UNEXPECTED_MESSAGE;
}
