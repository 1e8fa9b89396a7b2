import { checkNewPassword, PASSWORD_MISMATCH_MESSAGE } from '@yozy/shared';
import { splitUserErrors, type FormOutcome, type UserErrorLike } from '../../lib/userErrors';
import { EXPIRED_LINK_MESSAGE } from './accountMessages';

export type NewPasswordValues = { password: string; confirmPassword: string };
export type NewPasswordField = keyof NewPasswordValues;
export type NewPasswordErrors = Partial<Record<NewPasswordField, string>>;

export const PASSWORD_MISSING_MESSAGE = 'Enter a password';
export const CONFIRMATION_MISSING_MESSAGE = 'Enter the password again';

/** Both fields are required; then the shared rule (SPEC §5) decides, in its own order. */
export function validateNewPassword({ password, confirmPassword }: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const problem = checkNewPassword(password, confirmPassword);
  if (!password) errors.password = PASSWORD_MISSING_MESSAGE;
  else if (problem?.field === 'password') errors.password = problem.message;
  if (!confirmPassword) errors.confirmPassword = CONFIRMATION_MISSING_MESSAGE;
  else if (problem?.field === 'confirmPassword') errors.confirmPassword = problem.message;
  return errors;
}

/**
 * The errors left once `field` is edited: that field's own error goes, and a mismatch goes when
 * either password field changes (SPEC §5).
 */
export function errorsAfterEdit<Field extends string>(
  errors: Partial<Record<Field, string>>,
  field: NoInfer<Field>,
): Partial<Record<Field, string>> {
  const next: Partial<Record<string, string>> = { ...errors, [field]: undefined };
  const passwordEdit = field === 'password' || field === 'confirmPassword';
  if (passwordEdit && next.confirmPassword === PASSWORD_MISMATCH_MESSAGE) next.confirmPassword = undefined;
  return next;
}

/** A refused link reads as the expired-link message, whatever the server's words. */
const linkAwareMessage = (error: UserErrorLike) => (error.code === 'INVALID_TOKEN' ? EXPIRED_LINK_MESSAGE : error.message);

/** Payload errors of resetPassword / setPassword, placed on the form's fields. */
export function passwordFormOutcome<Field extends string>(errors: readonly UserErrorLike[], fields: readonly Field[]): FormOutcome<Field> {
  return splitUserErrors(errors, fields, linkAwareMessage);
}

export const isInvalidLink = (errors: readonly UserErrorLike[]) => errors.some((error) => error.code === 'INVALID_TOKEN');
