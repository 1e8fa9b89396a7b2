import type { ErrorCode, UserError } from '../generated/graphql';
import { errorCode } from '../errors';

const PASSED_ON = new Set<string>(['INVALID_CREDENTIALS', 'INVALID_TOKEN', 'WEAK_PASSWORD', 'PASSWORD_MISMATCH', 'CONFLICT']);

/**
 * Turns a refusal of the REST service the user can act on into `errors` of a payload, with the
 * REST field renamed to the GraphQL input's; anything else (outage, bug) is thrown on.
 */
export function toUserErrors(error: unknown, fields: Record<string, string> = {}): UserError[] {
  const { extensions, message } = error as { extensions?: { restCode?: unknown; field?: unknown }; message: string };
  const restCode = typeof extensions?.restCode === 'string' ? extensions.restCode : '';
  const code = PASSED_ON.has(restCode) ? (restCode as ErrorCode) : errorCode(error) === 'BAD_USER_INPUT' ? 'BAD_USER_INPUT' : null;
  if (!code) throw error;
  const restField = typeof extensions?.field === 'string' ? extensions.field : null;
  return [{ code, field: restField ? (fields[restField] ?? restField) : null, message }];
}
