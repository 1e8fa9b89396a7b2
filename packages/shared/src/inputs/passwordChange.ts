import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, newPasswordFields, withNewPasswordRule } from './account';
import type { FieldMap } from './fieldMap';
import { tooLong } from './rules';

export const CURRENT_PASSWORD_MISSING_MESSAGE = 'Enter your current password';

/** A signed-in user's new password, with the current one as proof, without the rule that ties the new pair. */
export const changePasswordFields = z.object({
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_MISSING_MESSAGE })
    .min(1, CURRENT_PASSWORD_MISSING_MESSAGE)
    .max(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH)),
  ...newPasswordFields.shape,
});

/** Changing one's own password on the Privacy & Setting screen. */
export const changePasswordInput = withNewPasswordRule(changePasswordFields);

export const CHANGE_PASSWORD_REST_FIELDS = {
  currentPassword: 'currentpassword',
  password: 'password',
  confirmPassword: 'confirmpassword',
} as const satisfies FieldMap<keyof z.input<typeof changePasswordFields> & string>;
