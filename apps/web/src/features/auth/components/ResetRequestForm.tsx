import { Input } from '@chakra-ui/react';
import type { passwordResetRequestInput } from '@yozy/shared';
import { BackLink } from '@/components/BackLink';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import type { MutationForm as Kit } from '@/lib/useMutationForm';
import { loginPath } from '@/features/auth/urls';
import { SubmitButton } from './SubmitButton';

export function ResetRequestForm({ kit }: { kit: Kit<typeof passwordResetRequestInput> }) {
  return (
    <MutationForm
      kit={kit}
      label="Request a password reset link"
      testId="reset-request-form"
      alertTestId="reset-request-error"
      focusOnArrival
    >
      <FormField name="email" label="Email" required testId="reset-request-email">
        {(control) => <Input type="email" autoComplete="username" inputMode="email" placeholder="name@company.com" {...control} />}
      </FormField>
      <SubmitButton submitting={kit.submitting} loadingText="Sending…" testId="reset-request-submit">
        Send reset link
      </SubmitButton>
      <BackLink to={loginPath}>Back to sign in</BackLink>
    </MutationForm>
  );
}
