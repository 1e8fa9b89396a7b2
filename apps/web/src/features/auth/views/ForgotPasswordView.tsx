import { useState } from 'react';
import { usePasswordResetRequestMutation } from '../../../generated/graphql';
import { describeRequestError, UNEXPECTED_MESSAGE } from '../../../lib/requestErrors';
import { hasErrors, splitUserErrors } from '../../../lib/userErrors';
import { useCaptcha } from '../../../lib/useCaptcha';
import { AuthCard } from '../../../components/AuthCard';
import { ResetRequestDone } from '../components/ResetRequestDone';
import { ResetRequestForm } from '../components/ResetRequestForm';
import { validateResetRequest } from '../resetRequestForm';
import { useAccountForm } from './useAccountForm';

/** Asks for a reset link; the answer is the same whether or not the account exists (DESIGN §2). */
export default function ForgotPasswordView() {
  const [requestReset] = usePasswordResetRequestMutation();
  const captcha = useCaptcha();
  const form = useAccountForm({ email: '' });
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const reject: typeof form.reject = (fieldErrors, message) => {
    captcha.prepare();
    form.reject(fieldErrors, message);
  };

  const submit = async () => {
    if (submitting) return;
    const problems = validateResetRequest(form.values.email);
    if (hasErrors(problems)) return reject(problems, null);
    form.clearFormError();
    setSubmitting(true);
    try {
      const input = { email: form.values.email.trim(), captcha: await captcha.take() };
      const { data } = await requestReset({ variables: { input } });
      const payload = data?.requestPasswordReset;
      if (payload?.accepted) {
        setSentTo(input.email);
        return;
      }
      const outcome = splitUserErrors(payload?.errors ?? [], ['email'] as const);
      reject(outcome.fieldErrors, outcome.formError ?? (hasErrors(outcome.fieldErrors) ? null : UNEXPECTED_MESSAGE));
    } catch (error) {
      reject({}, describeRequestError(error));
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title="Check your email" testId="reset-request-sent">
        <ResetRequestDone
          email={sentTo}
          onAgain={() => {
            captcha.prepare();
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
      <ResetRequestForm
        email={form.values.email}
        errors={form.errors}
        formError={form.formError}
        submitting={submitting}
        attempt={form.attempt}
        onChange={(value) => form.change('email', value)}
        onSubmit={() => void submit()}
      />
    </AuthCard>
  );
}
