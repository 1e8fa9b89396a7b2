import { EMAIL_FORMAT_MESSAGE, isEmailAddress } from '@yozy/shared';

/** The problem with a required email field, or undefined when it is a well-formed address. */
export function emailError(value: string, missing: string): string | undefined {
  const email = value.trim();
  if (!email) return missing;
  return isEmailAddress(email) ? undefined : EMAIL_FORMAT_MESSAGE;
}

/** The problem with a required text field, or undefined when it has something besides spaces. */
export function requiredError(value: string, missing: string): string | undefined {
  return value.trim() ? undefined : missing;
}
