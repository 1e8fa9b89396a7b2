import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { fromRestField, logError, type FieldMap } from '@yozy/shared';
import type { components } from './generated/rest';
import type { ErrorCode, UserError } from './generated/schema';

/** The codes the REST service refuses with (its `Error` answer). */
type RestErrorCode = components['schemas']['Error']['error']['code'];

export function gatewayError(code: ErrorCode, message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...(field ? { field } : {}) } });
}

export const unauthenticated = () => gatewayError('UNAUTHENTICATED', 'Sign in to continue');

/**
 * The one contract for failures of the REST service: for every code its OpenAPI document names
 * (`{ error: { code, message, field? } }`), the GraphQL code it becomes and whether it is a user
 * error, so a new REST code fails the type-check until it has a line here. A user error is
 * something the person can act on (correct a field, choose another password, ask for a new link,
 * use another email, send a smaller file), so a mutation returns it in its payload's `errors`,
 * with the REST field turned back into the input's name. Everything else is thrown as a
 * GraphQLError with the code in `extensions.code`; queries throw every failure.
 */
export const REST_ERRORS: Readonly<Record<RestErrorCode, { code: ErrorCode; userError: boolean }>> = {
  BAD_REQUEST: { code: 'BAD_USER_INPUT', userError: true },
  INVALID_TOKEN: { code: 'INVALID_TOKEN', userError: true },
  WEAK_PASSWORD: { code: 'WEAK_PASSWORD', userError: true },
  PASSWORD_MISMATCH: { code: 'PASSWORD_MISMATCH', userError: true },
  INVALID_CREDENTIALS: { code: 'INVALID_CREDENTIALS', userError: true },
  CONFLICT: { code: 'CONFLICT', userError: true },
  SEAT_LIMIT: { code: 'SEAT_LIMIT', userError: true },
  PAYLOAD_TOO_LARGE: { code: 'BAD_USER_INPUT', userError: true },
  UNAUTHENTICATED: { code: 'UNAUTHENTICATED', userError: false },
  FORBIDDEN: { code: 'FORBIDDEN', userError: false },
  NOT_FOUND: { code: 'NOT_FOUND', userError: false },
  INTERNAL: { code: 'UPSTREAM_UNAVAILABLE', userError: false },
  // The gateway always sends JSON: a refusal of its body's type is our own bug, logged as one.
  UNSUPPORTED_MEDIA_TYPE: { code: 'INTERNAL_SERVER_ERROR', userError: false },
};

const UPSTREAM_MESSAGE = 'The subscription service could not answer. Try again in a moment.';

type RestErrorExtensions = { code: ErrorCode; userError: boolean; restCode?: string; restField?: string };

/**
 * The GraphQL error a failed REST call becomes. An answer without one of the codes above is a
 * broken contract: an outage in front of the service when it is a 5xx, otherwise our own bug.
 */
export function restError(status: number, body: { code?: string; message?: string; field?: string } | undefined): GraphQLError {
  const known = body?.code && Object.hasOwn(REST_ERRORS, body.code) ? REST_ERRORS[body.code as RestErrorCode] : null;
  const { code, userError } = known ?? { code: status >= 500 ? 'UPSTREAM_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR', userError: false };
  const message = code === 'UPSTREAM_UNAVAILABLE' ? UPSTREAM_MESSAGE : (body?.message ?? `The subscription service answered ${status}`);
  const extensions: RestErrorExtensions = { code, userError, restCode: body?.code, restField: body?.field };
  return new GraphQLError(message, { extensions });
}

/**
 * Errors a resolver finds itself that the person can act on (a captcha not solved, a sign-in step
 * that has expired), thrown to be answered in the payload as the REST service's user errors are.
 */
export class UserErrors extends Error {
  constructor(readonly errors: UserError[]) {
    super(errors.map((error) => error.message).join(' '));
  }
}

/**
 * A failure as the `errors` of a mutation's payload when the table above calls it a user error
 * (or it is one of the `also` codes this mutation hands back), naming the input field through the
 * resource's field map; otherwise it is thrown on.
 */
export function userErrorsOf(error: unknown, fields: FieldMap = {}, also: readonly ErrorCode[] = []): UserError[] {
  if (error instanceof UserErrors) return error.errors;
  const extensions = (error as { extensions?: Partial<RestErrorExtensions> } | null)?.extensions;
  if (!extensions?.code || (extensions.userError !== true && !also.includes(extensions.code))) throw error;
  return [{ code: extensions.code, field: fromRestField(fields, extensions.restField), message: (error as Error).message }];
}

/**
 * For calls answered by throwing (queries): rethrows a failed REST call naming the GraphQL field
 * the resource's field map gives for the REST field it refused, so `id`, never `ClientId`.
 */
export function namingFields(fields: FieldMap) {
  return (error: unknown): never => {
    const extensions = (error as { extensions?: Partial<RestErrorExtensions> } | null)?.extensions;
    const field = fromRestField(fields, extensions?.restField);
    if (!field || !(error instanceof GraphQLError)) throw error;
    throw new GraphQLError(error.message, { extensions: { ...error.extensions, field } });
  };
}

/**
 * The `extensions.code` of an error, read structurally: graphql can be loaded twice (ESM and
 * CommonJS), so `instanceof GraphQLError` is not reliable.
 */
export function errorCode(error: unknown): string | undefined {
  const extensions = (error as { extensions?: { code?: unknown } } | null)?.extensions;
  return typeof extensions?.code === 'string' ? extensions.code : undefined;
}

/**
 * Shapes every error a client sees: ours and GraphQL's keep their code and message; anything
 * unexpected is logged and answered plainly, never with a stack trace or an internal address.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
    const { field, requestId } = formatted.extensions ?? {};
    return {
      // A refusal before the operation runs (a wrong API key) reaches here wrapped by Apollo Server,
      // which prefixes its message when graphql is loaded twice; it is answered in its own words.
      message: formatted.message.replace(/^Context creation failed: /, ''),
      locations: formatted.locations,
      path: formatted.path,
      // A refusal before the operation runs (a wrong API key) names the request itself.
      extensions: { code, ...(field ? { field } : {}), ...(typeof requestId === 'string' ? { requestId } : {}) },
    };
  }
  const original = unwrapResolverError(error);
  if (isUnreachable(original)) {
    return {
      message: 'The subscription service is not reachable. Try again in a moment.',
      path: formatted.path,
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    };
  }
  logError('gateway: unexpected error', original);
  return { message: 'Something went wrong on our side', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

function isUnreachable(error: unknown): boolean {
  const { name, code, cause } = (error ?? {}) as { name?: string; code?: string; cause?: { code?: string } };
  const reason = cause?.code ?? code ?? '';
  return name === 'FetchError' || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'UND_ERR_SOCKET'].includes(reason);
}
