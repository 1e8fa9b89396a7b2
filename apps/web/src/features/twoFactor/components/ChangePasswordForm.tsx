import { Button, Input, Stack } from '@chakra-ui/react';
import { PASSWORD_RULE_MESSAGE, type changePasswordInput } from '@yozy/shared';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import type { MutationForm as Kit } from '@/lib/useMutationForm';

type Props = { email: string; kit: Kit<typeof changePasswordInput> };

/** The current password and a new one twice, under the shared password rule. */
export function ChangePasswordForm({ email, kit }: Props) {
  return (
    <MutationForm kit={kit} label="Change your password" testId="change-password-form" alertTestId="change-password-error">
      <Stack gap="5" maxW="md">
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField name="currentPassword" label="Current password" required testId="current-password">
          {(control) => <Input type="password" autoComplete="current-password" {...control} />}
        </FormField>
        <FormField name="password" label="New password" required help={PASSWORD_RULE_MESSAGE} testId="new-password">
          {(control) => <Input type="password" autoComplete="new-password" {...control} />}
        </FormField>
        <FormField name="confirmPassword" label="Confirm new password" required testId="confirm-password">
          {(control) => <Input type="password" autoComplete="new-password" {...control} />}
        </FormField>
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          loading={kit.submitting}
          loadingText="Saving…"
          data-testid="change-password-submit"
        >
          Change password
        </Button>
      </Stack>
    </MutationForm>
  );
}
