import type { UserErrorFieldsFragment } from '../generated/graphql';

/**
 * The console's words for INVALID_CREDENTIALS speak of email and password; a refused code shows
 * the service's own words (wrong, or already used) under the field it names.
 */
export const codeRefusal = (error: UserErrorFieldsFragment): UserErrorFieldsFragment =>
  error.code === 'INVALID_CREDENTIALS' ? { code: 'BAD_USER_INPUT', field: error.field ?? 'code', message: error.message } : error;

/** The step of the sign-in ran out (a few minutes) or was used: the password has to be given again. */
export const stepExpired = (errors: readonly UserErrorFieldsFragment[]) => errors.some((error) => error.code === 'INVALID_TOKEN');
