import type { SignInMutation } from '../../generated/graphql';
import { emailError } from '../../lib/formChecks';

export type SignInValues = { email: string; password: string };
export type SignInField = keyof SignInValues;
export type SignInErrors = Partial<Record<SignInField, string>>;

export const EMAIL_MISSING_MESSAGE = 'Enter your email address';
export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password';

/** Checks done before calling the server. */
export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  const email = emailError(values.email, EMAIL_MISSING_MESSAGE);
  if (email) errors.email = email;
  if (!values.password) errors.password = 'Enter your password';
  return errors;
}

export type SignInOutcome = { fieldErrors: SignInErrors; formError: string | null };

type PayloadError = SignInMutation['signIn']['errors'][number];

function fieldOf(field: string | null): SignInField | null {
  const name = field?.toLowerCase() ?? '';
  if (name.includes('email')) return 'email';
  if (name.includes('password')) return 'password';
  return null;
}

/** Turns the payload's expected failures into what the form shows. */
export function signInOutcome(errors: readonly PayloadError[]): SignInOutcome {
  const outcome: SignInOutcome = { fieldErrors: {}, formError: null };
  for (const error of errors) {
    const field = error.code === 'BAD_USER_INPUT' ? fieldOf(error.field) : null;
    if (field) outcome.fieldErrors[field] ??= error.message;
    else outcome.formError ??= error.code === 'INVALID_CREDENTIALS' ? INVALID_CREDENTIALS_MESSAGE : error.message;
  }
  return outcome;
}
