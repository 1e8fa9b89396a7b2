import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE } from '@yozy/shared';
import type { GraphQLFormattedError } from 'graphql';
import type { ErrorCode, UserErrorFieldsFragment } from '@/generated/graphql';

export const UNREACHABLE_MESSAGE = 'We could not reach the server. Try again.';
export const UNEXPECTED_MESSAGE = 'Something went wrong. Try again.';

/**
 * The console's words for every error code of the schema, for payload errors and failed requests
 * alike. Typed by the generated ErrorCode: a code added to the schema does not compile until it
 * has its words here (and its line in SHOWS_GATEWAY_MESSAGE).
 */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  UNAUTHENTICATED: 'Your session has ended. Sign in again.',
  // One message for a wrong email and a wrong password: it must not tell which accounts exist.
  INVALID_CREDENTIALS: 'Incorrect email or password',
  FORBIDDEN: 'You do not have access to this.',
  BAD_USER_INPUT: 'Some of what was entered could not be accepted. Check it and try again.',
  NOT_FOUND: 'This could not be found. It may have been removed.',
  CONFLICT: 'This clashes with something that already exists.',
  SEAT_LIMIT: 'Your licence has no seat left for this. Free a seat or ask for a larger plan.',
  CAPTCHA_FAILED: 'The automatic human check failed. Please try again.',
  RATE_LIMITED: 'Too many attempts. Wait a few minutes and try again.',
  INVALID_TOKEN: 'The URL you are trying to use has expired',
  WEAK_PASSWORD: PASSWORD_RULE_MESSAGE,
  PASSWORD_MISMATCH: PASSWORD_MISMATCH_MESSAGE,
  UPSTREAM_UNAVAILABLE: UNREACHABLE_MESSAGE,
  INTERNAL_SERVER_ERROR: UNEXPECTED_MESSAGE,
};

/**
 * Whether the gateway's own message is shown instead of the words above: yes where it is about
 * the case at hand (what clashes, how long to wait, why access is refused); no where the
 * specification fixes the words, where the message must not say more, or where it is technical.
 * Input errors show the gateway's message when they name a field; GraphQL's own messages about
 * malformed variables name none.
 */
const SHOWS_GATEWAY_MESSAGE: Record<ErrorCode, boolean> = {
  UNAUTHENTICATED: false,
  INVALID_CREDENTIALS: false,
  FORBIDDEN: true,
  BAD_USER_INPUT: true,
  NOT_FOUND: true,
  CONFLICT: true,
  // It says how many seats are left on which licence.
  SEAT_LIMIT: true,
  CAPTCHA_FAILED: true,
  RATE_LIMITED: true,
  INVALID_TOKEN: false,
  WEAK_PASSWORD: false,
  PASSWORD_MISMATCH: false,
  UPSTREAM_UNAVAILABLE: false,
  INTERNAL_SERVER_ERROR: false,
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
}

/** What the console says about one error: a payload's UserError or one error of a failed request. */
export function errorMessage(error: UserErrorFieldsFragment): string {
  const own = error.message.trim();
  const gatewayWords = SHOWS_GATEWAY_MESSAGE[error.code] && own !== '' && (error.code !== 'BAD_USER_INPUT' || Boolean(error.field));
  return gatewayWords ? own : ERROR_MESSAGES[error.code];
}

/** An error of a GraphQL response as a UserError, when it carries a code of the schema. */
function asUserError(error: GraphQLFormattedError): UserErrorFieldsFragment | null {
  const { code, field } = error.extensions ?? {};
  if (!isErrorCode(code)) return null;
  return { code, field: typeof field === 'string' ? field : null, message: error.message };
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

function firstUserError(errors: readonly GraphQLFormattedError[]): UserErrorFieldsFragment | null {
  const known = errors.map(asUserError).filter((error) => error !== null);
  // An unreachable subscription service explains every other error of the same request.
  return known.find((error) => error.code === 'UPSTREAM_UNAVAILABLE') ?? known[0] ?? null;
}

/** A sentence for the user about a failed GraphQL request (DESIGN §2: never "logged only"). */
export function describeRequestError(error: unknown): string {
  if (ServerError.is(error)) {
    const known = firstUserError(errorsInBody(error));
    if (known) return errorMessage(known);
    return error.statusCode >= 500 ? UNREACHABLE_MESSAGE : UNEXPECTED_MESSAGE;
  }
  if (!CombinedGraphQLErrors.is(error)) return UNREACHABLE_MESSAGE;
  const known = firstUserError(error.errors);
  return known ? errorMessage(known) : UNEXPECTED_MESSAGE;
}

/**
 * The request id the gateway gave a failed request (`extensions.requestId`), which names its lines
 * in both services' logs: what a person copies for whoever looks into the failure.
 */
export function requestIdOf(error: unknown): string | null {
  const errors = ServerError.is(error) ? errorsInBody(error) : CombinedGraphQLErrors.is(error) ? error.errors : [];
  const id = errors.map((one) => one.extensions?.requestId).find((value) => typeof value === 'string');
  return typeof id === 'string' ? id : null;
}
