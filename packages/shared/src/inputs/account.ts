import { z } from 'zod';
import { checkNewPassword } from '../password';
import type { FieldMap } from './fieldMap';
import { emailAddress, requiredText, tooLong } from './rules';

/**
 * The public account forms: sign-in, asking for a reset link, a new password with its
 * confirmation, and an invited user's name with a first password. The console checks them before
 * it calls, and the REST service checks the same rules under its own field names.
 */

export const EMAIL_MISSING_MESSAGE = 'Enter your email address';
export const SIGN_IN_PASSWORD_MISSING_MESSAGE = 'Enter your password';
export const NEW_PASSWORD_MISSING_MESSAGE = 'Enter a password';
export const CONFIRMATION_MISSING_MESSAGE = 'Enter the password again';
export const FIRST_NAME_MISSING_MESSAGE = 'Enter your first name';
export const LAST_NAME_MISSING_MESSAGE = 'Enter your last name';

/** Long enough for any passphrase, short enough that a huge body cannot make the server hash megabytes. */
export const MAX_PASSWORD_LENGTH = 1024;

/** A password exactly as typed: never trimmed, since spaces are part of it. */
function typedPassword(missing: string) {
  return z.string({ error: missing }).min(1, missing).max(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH));
}

/** Why the password rule refused a pair; the REST service answers with it as the error code. */
export type PasswordRuleCode = 'WEAK_PASSWORD' | 'PASSWORD_MISMATCH';

/** The names a new password and its confirmation have in one schema. */
export type PasswordPairNames = { readonly password: string; readonly confirmPassword: string };

const GRAPHQL_PASSWORD_PAIR: PasswordPairNames = { password: 'password', confirmPassword: 'confirmPassword' };

/**
 * Adds the password rule to an object that holds a new password and its confirmation: the
 * password must be strong, then the confirmation equal to it, each refusal under its own field.
 * A blank field is left to its own "enter it" message. The names default to the GraphQL input's;
 * pass a REST field map to check the same pair under the REST service's names.
 */
export function withNewPasswordRule<Schema extends z.ZodObject>(schema: Schema, names: PasswordPairNames = GRAPHQL_PASSWORD_PAIR): Schema {
  return schema.superRefine((value, ctx) => {
    const fields = value as Record<string, unknown>;
    const password = fields[names.password];
    const confirmation = fields[names.confirmPassword];
    if (typeof password !== 'string' || typeof confirmation !== 'string' || password === '') return;
    const problem = checkNewPassword(password, confirmation);
    if (problem?.field === 'password') {
      ctx.addIssue({ code: 'custom', message: problem.message, path: [names.password], params: { code: 'WEAK_PASSWORD' } });
    } else if (problem && confirmation !== '') {
      ctx.addIssue({ code: 'custom', message: problem.message, path: [names.confirmPassword], params: { code: 'PASSWORD_MISMATCH' } });
    }
  });
}

/** The password rule's code of a validation issue, or null when the issue is about something else. */
export function passwordRuleCode(issue: z.core.$ZodIssue): PasswordRuleCode | null {
  if (issue.code !== 'custom') return null;
  const code: unknown = issue.params?.code;
  return code === 'WEAK_PASSWORD' || code === 'PASSWORD_MISMATCH' ? code : null;
}

/**
 * Whether the session outlives the browser: kept, it lasts a day; not kept, three hours at most
 * and only until the browser closes. Left out, it is kept, as before the choice was offered.
 */
export const keepSignedIn = z.boolean({ error: 'Say whether to keep you signed in' }).default(true);

/** Sign-in. The password is only required: the rule for new passwords does not apply to old ones. */
export const signInInput = z.object({
  email: emailAddress(EMAIL_MISSING_MESSAGE),
  password: typedPassword(SIGN_IN_PASSWORD_MISSING_MESSAGE),
  keepSignedIn,
});

export const SIGN_IN_REST_FIELDS = { email: 'email', password: 'password', keepSignedIn: 'keepSignedIn' } as const satisfies FieldMap<
  keyof z.input<typeof signInInput> & string
>;

/** Asking for a password-reset link. */
export const passwordResetRequestInput = z.object({ email: emailAddress(EMAIL_MISSING_MESSAGE) });

export const PASSWORD_RESET_REQUEST_REST_FIELDS = { email: 'email' } as const satisfies FieldMap<
  keyof z.input<typeof passwordResetRequestInput> & string
>;

/** A new password and its confirmation, each required, without the rule that ties them (see newPasswordInput). */
export const newPasswordFields = z.object({
  password: typedPassword(NEW_PASSWORD_MISSING_MESSAGE),
  confirmPassword: typedPassword(CONFIRMATION_MISSING_MESSAGE),
});

/** A new password chosen from an emailed reset link. */
export const newPasswordInput = withNewPasswordRule(newPasswordFields);

/** The reset call names the confirmation `newpassword`. */
export const NEW_PASSWORD_REST_FIELDS = { password: 'password', confirmPassword: 'newpassword' } as const satisfies FieldMap<
  keyof z.input<typeof newPasswordFields> & string
>;

/** An invited user's name and first password, without the rule that ties the passwords (see setPasswordInput). */
export const setPasswordFields = z.object({
  firstName: requiredText(FIRST_NAME_MISSING_MESSAGE, 100),
  lastName: requiredText(LAST_NAME_MISSING_MESSAGE, 100),
  ...newPasswordFields.shape,
});

/** An invited user's name and first password. */
export const setPasswordInput = withNewPasswordRule(setPasswordFields);

export const SET_PASSWORD_REST_FIELDS = {
  firstName: 'firstname',
  lastName: 'lastname',
  password: 'password',
  confirmPassword: 'confirmpassword',
} as const satisfies FieldMap<keyof z.input<typeof setPasswordFields> & string>;
