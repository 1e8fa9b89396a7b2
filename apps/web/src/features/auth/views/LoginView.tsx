import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useSignInMutation, ViewerDocument } from '../../../generated/graphql';
import { describeRequestError, UNEXPECTED_MESSAGE } from '../../../lib/requestErrors';
import { useCaptcha } from '../../../lib/useCaptcha';
import { AuthCard } from '../../../components/AuthCard';
import { LoginForm } from '../components/LoginForm';
import { signInOutcome, validateSignIn, type SignInErrors, type SignInField, type SignInValues } from '../signInForm';

/**
 * Sign-in. On success the viewer goes into the cache; the session gate then sees a signed-in
 * viewer on /login and sends them on (to the screen they asked for, or their landing page).
 */
export default function LoginView() {
  const client = useApolloClient();
  const [signIn] = useSignInMutation();
  const captcha = useCaptcha();
  // Covers solving the captcha as well as the request itself.
  const [submitting, setSubmitting] = useState(false);
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<SignInErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const change = (field: SignInField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const reject = (errors: SignInErrors, message: string | null) => {
    captcha.prepare();
    setFieldErrors(errors);
    setFormError(message);
    setAttempt((count) => count + 1);
  };

  const submit = async () => {
    if (submitting) return;
    const problems = validateSignIn(values);
    if (Object.keys(problems).length > 0) return reject(problems, null);
    setFormError(null);
    setSubmitting(true);
    try {
      const input = { email: values.email.trim(), password: values.password, captcha: await captcha.take() };
      const { data } = await signIn({ variables: { input } });
      const payload = data?.signIn;
      if (payload?.viewer) {
        client.writeQuery({ query: ViewerDocument, data: { viewer: payload.viewer } });
        return;
      }
      const outcome = signInOutcome(payload?.errors ?? []);
      reject(outcome.fieldErrors, outcome.formError ?? (Object.keys(outcome.fieldErrors).length ? null : UNEXPECTED_MESSAGE));
    } catch (error) {
      reject({}, describeRequestError(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Sign in" description="Welcome back. Sign in to manage your organisation.">
      <LoginForm
        values={values}
        fieldErrors={fieldErrors}
        formError={formError}
        submitting={submitting}
        attempt={attempt}
        onChange={change}
        onSubmit={() => void submit()}
      />
    </AuthCard>
  );
}
