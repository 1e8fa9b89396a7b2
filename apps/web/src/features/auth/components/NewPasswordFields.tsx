import { HStack, Stack } from '@chakra-ui/react';
import { PASSWORD_MISMATCH_MESSAGE } from '@yozy/shared';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { FormField } from '@/components/FormField';
import { CopyButton } from '@/components/CopyButton';
import { PasswordInput } from './PasswordInput';

type PasswordPair = { password: string; confirmPassword: string };

type Props = {
  /** Whose password: lets password managers save it under the right account. */
  username: string;
  /** `reset` gives reset-password, reset-confirm, … */
  testIdPrefix: string;
  /** A rule line under the password while it has no message (the message then says the same). */
  hint?: string;
  /** A copy-to-clipboard button beside the password. */
  copyable?: boolean;
};

/**
 * A new password and its confirmation, each with show/hide, inside a kit form whose schema has
 * both: the pair of the reset and set-password forms.
 */
export function NewPasswordFields({ username, testIdPrefix, hint, copyable = false }: Props) {
  const { clearErrors, getFieldState } = useFormContext<PasswordPair>();
  const { errors } = useFormState<PasswordPair>({ name: 'password' });
  const password = useWatch<PasswordPair, 'password'>({ name: 'password' });

  // A mismatch is about both fields, so editing either takes it away (SPEC §5).
  const clearMismatch = () => {
    if (getFieldState('confirmPassword').error?.message === PASSWORD_MISMATCH_MESSAGE) clearErrors('confirmPassword');
  };

  return (
    <Stack gap="5">
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <FormField
        name="password"
        label="New password"
        required
        help={errors.password ? undefined : hint}
        testId={`${testIdPrefix}-password`}
        rules={{ onChange: clearMismatch }}
      >
        {(control) => (
          <HStack width="full" gap="2" align="start">
            <PasswordInput autoComplete="new-password" revealLabel="new password" {...control} />
            {copyable && <CopyButton text={password} />}
          </HStack>
        )}
      </FormField>
      <FormField name="confirmPassword" label="Confirm new password" required testId={`${testIdPrefix}-confirm`}>
        {(control) => <PasswordInput autoComplete="new-password" revealLabel="confirmation" {...control} />}
      </FormField>
    </Stack>
  );
}
