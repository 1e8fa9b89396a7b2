import { requiredError } from '../../lib/formChecks';
import { validateNewPassword, type NewPasswordValues } from './newPasswordForm';

export type SetPasswordValues = NewPasswordValues & { firstName: string; lastName: string };
export type SetPasswordField = keyof SetPasswordValues;
export type SetPasswordErrors = Partial<Record<SetPasswordField, string>>;

export const SET_PASSWORD_FIELDS: readonly SetPasswordField[] = ['firstName', 'lastName', 'password', 'confirmPassword'];

/** The invitation link's stand-ins for a name nobody has given yet (SPEC §2). */
export const FIRST_NAME_PLACEHOLDER = 'FN';
export const LAST_NAME_PLACEHOLDER = 'LN';

/** A name from the invitation link as the field shows it: its placeholder shows as empty. */
export function nameFromLink(value: string | undefined, placeholder: string): string {
  const name = value?.trim() ?? '';
  return name === placeholder ? '' : name;
}

export const FIRST_NAME_MISSING_MESSAGE = 'Enter your first name';
export const LAST_NAME_MISSING_MESSAGE = 'Enter your last name';

export function validateSetPassword(values: SetPasswordValues): SetPasswordErrors {
  const errors: SetPasswordErrors = {
    firstName: requiredError(values.firstName, FIRST_NAME_MISSING_MESSAGE),
    lastName: requiredError(values.lastName, LAST_NAME_MISSING_MESSAGE),
    ...validateNewPassword(values),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as SetPasswordErrors;
}
