import { useState } from 'react';
import { usePasswordResetRequestMutation } from '@/generated/graphql';
import { useMutationForm } from '@/lib/useMutationForm';
import { AuthCard } from '@/components/AuthCard';
import { ResetRequestDone } from '@/features/auth/components/ResetRequestDone';
import { ResetRequestForm } from '@/features/auth/components/ResetRequestForm';
import { typedEmail, useTypedEmail } from '@/features/auth/typedEmail';

// The shared rules load when the person starts on the form, keeping zod off the first screen.
const passwordResetRequestInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.passwordResetRequestInput);

/** Asks for a reset link; the answer is the same whether or not the account exists (DESIGN §2). */
export default function ForgotPasswordView() {
  const [requestReset] = usePasswordResetRequestMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const kit = useMutationForm({
    schema: passwordResetRequestInputSchema,
    // The address typed on the sign-in page, so it need not be typed again (and back, see useTypedEmail).
    defaultValues: { email: typedEmail() },
    captcha: true,
    call: async (values, captcha) => (await requestReset({ variables: { input: { ...values, captcha } } })).data?.requestPasswordReset,
    onSuccess: (_payload, { email }) => setSentTo(email),
  });
  useTypedEmail(kit.form.watch('email'));

  if (sentTo) {
    return (
      <AuthCard title="Check your email" testId="reset-request-sent">
        <ResetRequestDone
          email={sentTo}
          onAgain={() => {
            kit.prepareCaptcha();
            setSentTo(null);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <ResetRequestForm kit={kit} />
    </AuthCard>
  );
}
