import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { ErrorCode } from './generated/graphql';

export function gatewayError(code: ErrorCode, message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...(field ? { field } : {}) } });
}

export const unauthenticated = () => gatewayError('UNAUTHENTICATED', 'Sign in to continue');

/**
 * Shapes every error a client sees: ours keep their code and message; anything unexpected is
 * logged and answered with a plain message, never a stack trace or an internal address.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof GraphQLError || !(original instanceof Error)) {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: pick(formatted.extensions) };
  }
  if (isUnreachable(original)) {
    return { message: 'The subscription service is not reachable. Try again in a moment.', path: formatted.path, extensions: { code: 'UPSTREAM_UNAVAILABLE' } };
  }
  console.error('gateway: unexpected error', original);
  return { message: 'Something went wrong on our side', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

function pick(extensions: GraphQLFormattedError['extensions']) {
  if (!extensions) return undefined;
  const { code, field } = extensions;
  return { code, ...(field ? { field } : {}) };
}

function isUnreachable(error: Error): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return error.name === 'FetchError' || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'UND_ERR_SOCKET'].includes(cause?.code ?? (error as { code?: string }).code ?? '');
}
