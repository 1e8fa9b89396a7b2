import type { UserErrorFieldsFragment } from '@/generated/graphql';

/**
 * The console's words for INVALID_CREDENTIALS speak of email and password; a refused code shows
 * the service's own words (wrong, or already used) under the field it names.
 */
export const codeRefusal = (error: UserErrorFieldsFragment): UserErrorFieldsFragment =>
  error.code === 'INVALID_CREDENTIALS' ? { code: 'BAD_USER_INPUT', field: error.field ?? 'code', message: error.message } : error;

/** Why the step of a sign-in is over: it ran out (a few minutes) or was used, or five wrong codes ended it. */
export type StepEnd = 'expired' | 'wrongCodes';

/** Whether the step of the sign-in is over, and why; the password has to be given again. Null while it goes on. */
export function stepEnded(errors: readonly UserErrorFieldsFragment[]): StepEnd | null {
  if (!errors.some((error) => error.code === 'INVALID_TOKEN')) return null;
  // The last wrong code of the step's budget is both a wrong code and the end of the step.
  return errors.some((error) => error.code === 'INVALID_CREDENTIALS') ? 'wrongCodes' : 'expired';
}
