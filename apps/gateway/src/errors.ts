import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { ErrorCode } from './generated/graphql';

export function gatewayError(code: ErrorCode, message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...(field ? { field } : {}) } });
}

export const unauthenticated = () => gatewayError('UNAUTHENTICATED', 'Sign in to continue');

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

/** The GraphQL error a refusal of the REST service becomes. */
export function restError(status: number, error: { code?: string; message?: string; field?: string } | undefined): GraphQLError {
  const code = status >= 500 ? 'UPSTREAM_UNAVAILABLE' : (CODE_BY_STATUS[status] ?? 'BAD_USER_INPUT');
  const message =
    status >= 500 ? 'The subscription service could not answer. Try again in a moment.' : (error?.message ?? `HTTP ${status}`);
  return new GraphQLError(message, {
    extensions: { code, restCode: error?.code, ...(error?.field ? { field: error.field } : {}) },
  });
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
    const field = formatted.extensions?.field;
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code, ...(field ? { field } : {}) },
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
  console.error('gateway: unexpected error', original);
  return { message: 'Something went wrong on our side', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

function isUnreachable(error: unknown): boolean {
  const { name, code, cause } = (error ?? {}) as { name?: string; code?: string; cause?: { code?: string } };
  const reason = cause?.code ?? code ?? '';
  return name === 'FetchError' || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'UND_ERR_SOCKET'].includes(reason);
}
