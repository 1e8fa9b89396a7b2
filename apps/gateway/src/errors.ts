import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { logError } from '@yozy/shared';
import type { ErrorCode } from './generated/graphql';

export function gatewayError(code: ErrorCode, message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...(field ? { field } : {}) } });
}

export const unauthenticated = () => gatewayError('UNAUTHENTICATED', 'Sign in to continue');

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
  logError('gateway: unexpected error', original);
  return { message: 'Something went wrong on our side', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

function isUnreachable(error: unknown): boolean {
  const { name, code, cause } = (error ?? {}) as { name?: string; code?: string; cause?: { code?: string } };
  const reason = cause?.code ?? code ?? '';
  return name === 'FetchError' || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'UND_ERR_SOCKET'].includes(reason);
}
