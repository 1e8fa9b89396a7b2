import { Link } from '@chakra-ui/react';
import { PASSWORD_RULE_MESSAGE, type newPasswordInput } from '@yozy/shared';
import { Link as RouterLink } from 'react-router-dom';
import { BackLink } from '@/components/BackLink';
import { MutationForm } from '@/components/MutationForm';
import type { MutationForm as Kit } from '@/lib/useMutationForm';
import { forgotPasswordPath, loginPath } from '@/features/auth/urls';
import { NewPasswordFields } from './NewPasswordFields';
import { SubmitButton } from './SubmitButton';

type Props = { email: string; kit: Kit<typeof newPasswordInput> };

export function ResetPasswordForm({ email, kit }: Props) {
  return (
    <MutationForm
      kit={kit}
      label="Choose a new password"
      testId="reset-form"
      alertTestId="reset-error"
      focusOnArrival
      alertDetails={(error) =>
        error.code === 'INVALID_TOKEN' && (
          <Link asChild color="inherit" textDecoration="underline">
            <RouterLink to={forgotPasswordPath}>Ask for a new link</RouterLink>
          </Link>
        )
      }
    >
      <NewPasswordFields username={email} testIdPrefix="reset" hint={PASSWORD_RULE_MESSAGE} />
      <SubmitButton submitting={kit.submitting} loadingText="Saving…" testId="reset-submit">
        Reset password
      </SubmitButton>
      <BackLink to={loginPath}>Back to sign in</BackLink>
    </MutationForm>
  );
}
