import { EXPIRED_LINK_REDIRECT_MS, isEmailAddress } from '@yozy/shared';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { usePasswordResetLinkVerifyQuery, usePasswordResetMutation } from '../../../generated/graphql';
import { httpUrl } from '../../../lib/httpUrl';
import { describeRequestError, UNEXPECTED_MESSAGE } from '../../../lib/requestErrors';
import { toaster } from '../../../lib/toaster';
import { hasErrors } from '../../../lib/userErrors';
import { useCaptcha } from '../../../lib/useCaptcha';
import { FAILURE_TOAST, RESET_SUCCESS_TITLE, SUCCESS_TOAST, welcomeTitle } from '../accountMessages';
import { AuthCard } from '../../../components/AuthCard';
import { ExpiredLinkNotice } from '../components/ExpiredLinkNotice';
import { LinkCheck } from '../components/LinkCheck';
import { PasswordSuccessPanel } from '../components/PasswordSuccessPanel';
import { ResetPasswordForm } from '../components/ResetPasswordForm';
import { passwordFormOutcome, validateNewPassword, type NewPasswordField } from '../newPasswordForm';
import { loginPath } from '../urls';
import { useAccountForm } from './useAccountForm';
import { useRedirectCountdown } from './useRedirectCountdown';

const FIELDS: readonly NewPasswordField[] = ['password', 'confirmPassword'];

type Done = { password: string; redirectUrl: string };

/** The emailed reset link, /forgotpassword/{token}/{email}: verify, choose a password, count down to the product (SPEC §2, §4). */
export default function ResetPasswordView() {
  const { token = '', email = '' } = useParams();
  const navigate = useNavigate();
  const wellFormed = token.length > 0 && isEmailAddress(email);
  const verify = usePasswordResetLinkVerifyQuery({ variables: { email, token }, skip: !wellFormed, fetchPolicy: 'network-only' });
  const [resetPassword] = usePasswordResetMutation();
  const captcha = useCaptcha();
  const form = useAccountForm({ password: '', confirmPassword: '' });
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const secondsLeft = useRedirectCountdown(done?.redirectUrl ?? null);

  // A failed check counts as expired: the link cannot be trusted (SPEC §2).
  const expired = !wellFormed || Boolean(verify.error) || verify.data?.verifyPasswordResetLink === false;

  useEffect(() => {
    if (!expired || done) return;
    const timer = window.setTimeout(() => void navigate(loginPath, { replace: true }), EXPIRED_LINK_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [expired, done, navigate]);

  const reject: typeof form.reject = (fieldErrors, message) => {
    captcha.prepare();
    form.reject(fieldErrors, message);
  };

  const fail = (fieldErrors: Parameters<typeof form.reject>[0], message: string | null) => {
    toaster.create({ type: 'error', title: FAILURE_TOAST, description: message ?? Object.values(fieldErrors).find(Boolean) });
    reject(fieldErrors, message);
  };

  const submit = async () => {
    if (submitting) return;
    const problems = validateNewPassword(form.values);
    if (hasErrors(problems)) return reject(problems, null);
    form.clearFormError();
    setSubmitting(true);
    try {
      const input = { email, token, ...form.values, captcha: await captcha.take() };
      const { data } = await resetPassword({ variables: { input } });
      const payload = data?.resetPassword;
      if (payload?.ok) {
        toaster.create({ type: 'success', title: SUCCESS_TOAST, description: RESET_SUCCESS_TITLE });
        setDone({ password: input.password, redirectUrl: httpUrl(payload.redirectUrl) ?? loginPath });
        return;
      }
      const outcome = passwordFormOutcome(payload?.errors ?? [], FIELDS);
      fail(outcome.fieldErrors, outcome.formError ?? (hasErrors(outcome.fieldErrors) ? null : UNEXPECTED_MESSAGE));
    } catch (error) {
      fail({}, describeRequestError(error));
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <PasswordSuccessPanel
        title={RESET_SUCCESS_TITLE}
        email={email}
        password={done.password}
        secondsLeft={secondsLeft}
        testIdPrefix="reset"
      />
    );
  }
  if (expired) {
    return (
      <ExpiredLinkNotice
        testId="reset-expired"
        advice="Reset links work once and for a limited time. Ask for a new link from the sign-in page."
        redirecting
      />
    );
  }
  if (!verify.data) return <LinkCheck title="Reset your password" testId="reset-verifying" />;

  return (
    <AuthCard title={welcomeTitle(email)} description="Choose a new password for your account." testId="reset-welcome">
      <ResetPasswordForm
        email={email}
        values={form.values}
        errors={form.errors}
        formError={form.formError}
        submitting={submitting}
        attempt={form.attempt}
        onChange={form.change}
        onSubmit={() => void submit()}
      />
    </AuthCard>
  );
}
