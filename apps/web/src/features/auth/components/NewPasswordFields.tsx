import { Field, HStack, Stack } from '@chakra-ui/react';
import type { NewPasswordErrors, NewPasswordField, NewPasswordValues } from '../newPasswordForm';
import { CopyButton } from './CopyButton';
import { PasswordInput } from './PasswordInput';

type Props = {
  values: NewPasswordValues;
  errors: NewPasswordErrors;
  onChange: (field: NewPasswordField, value: string) => void;
  /** Whose password: lets password managers save it under the right account. */
  username: string;
  /** `reset` gives reset-password, reset-confirm, … */
  testIdPrefix: string;
  /** A rule line under the password while it has no error (the error then says the same). */
  hint?: string;
  /** A copy-to-clipboard button beside the password. */
  copyable?: boolean;
};

/** A new password and its confirmation, each with show/hide: the pair of the reset and set-password forms. */
export function NewPasswordFields({ values, errors, onChange, username, testIdPrefix, hint, copyable = false }: Props) {
  return (
    <Stack gap="5">
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <Field.Root invalid={Boolean(errors.password)} required>
        <Field.Label>
          New password
          <Field.RequiredIndicator />
        </Field.Label>
        <HStack width="full" gap="2" align="start">
          <PasswordInput
            name="password"
            autoComplete="new-password"
            revealLabel="new password"
            value={values.password}
            onChange={(event) => onChange('password', event.target.value)}
            data-testid={`${testIdPrefix}-password`}
          />
          {copyable && <CopyButton text={values.password} />}
        </HStack>
        {hint && !errors.password && <Field.HelperText data-testid={`${testIdPrefix}-hint`}>{hint}</Field.HelperText>}
        <Field.ErrorText data-testid={`${testIdPrefix}-password-error`}>{errors.password}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.confirmPassword)} required>
        <Field.Label>
          Confirm new password
          <Field.RequiredIndicator />
        </Field.Label>
        <PasswordInput
          name="confirmPassword"
          autoComplete="new-password"
          revealLabel="confirmation"
          value={values.confirmPassword}
          onChange={(event) => onChange('confirmPassword', event.target.value)}
          data-testid={`${testIdPrefix}-confirm`}
        />
        <Field.ErrorText data-testid={`${testIdPrefix}-confirm-error`}>{errors.confirmPassword}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}
