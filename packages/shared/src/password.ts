/**
 * The password rule of SPEC section 5. The browser and the server both call
 * these functions, so a password the form accepts is one the server accepts.
 */
export const MIN_PASSWORD_LENGTH = 6;

export const PASSWORD_RULE_MESSAGE =
  'Password must contain at least one uppercase letter, one special character, and be at least 6 characters long';

export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match. Please try again.';

const UPPERCASE = /[A-Z]/;
const SPECIAL = /[!@#$%^&*]/;

export function isStrongPassword(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && UPPERCASE.test(password) && SPECIAL.test(password);
}

export type PasswordProblem = { field: 'password' | 'confirmPassword'; message: string };

/** First problem with a new password and its confirmation, or null when both are fine. */
export function checkNewPassword(password: string, confirmation: string): PasswordProblem | null {
  if (!isStrongPassword(password)) return { field: 'password', message: PASSWORD_RULE_MESSAGE };
  if (password !== confirmation) return { field: 'confirmPassword', message: PASSWORD_MISMATCH_MESSAGE };
  return null;
}
