import { EXPIRED_LINK_REDIRECT_MS, isEmailAddress, type RESET_PASSWORD_ROUTE } from '@yozy/shared';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, type PathParam } from 'react-router-dom';
import { usePasswordResetMutation } from '@/generated/graphql';
import { httpUrl } from '@/lib/httpUrl';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import {
  DEACTIVATED_ACCOUNT_ADVICE,
  DEACTIVATED_ACCOUNT_TITLE,
  FAILURE_TOAST,
  RESET_SUCCESS_TITLE,
  SUCCESS_TOAST,
  welcomeTitle,
} from '@/features/auth/accountMessages';
import { AuthCard } from '@/components/AuthCard';
import { ExpiredLinkNotice } from '@/features/auth/components/ExpiredLinkNotice';
import { LinkCheck } from '@/features/auth/components/LinkCheck';
import { PasswordSuccessPanel } from '@/features/auth/components/PasswordSuccessPanel';
import { ResetPasswordForm } from '@/features/auth/components/ResetPasswordForm';
import { loginPath } from '@/features/auth/urls';
import { useAccountLinkStatus } from './useAccountLinkStatus';
import { useRedirectCountdown } from './useRedirectCountdown';

// The shared rules load when the person starts on the form, keeping zod off the first screen.
const newPasswordInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.newPasswordInput);

type Done = { password: string; redirectUrl: string };

/** The emailed reset link, /forgotpassword/{token}/{email}: verify, choose a password, count down to the product (SPEC §2, §4). */
export default function ResetPasswordView() {
  const { token = '', email = '' } = useParams<PathParam<typeof RESET_PASSWORD_ROUTE>>();
  const navigate = useNavigate();
  const wellFormed = token.length > 0 && isEmailAddress(email);
  const link = useAccountLinkStatus('RESET', { email, token, wellFormed });
  const [resetPassword] = usePasswordResetMutation();
  const [done, setDone] = useState<Done | null>(null);
  const secondsLeft = useRedirectCountdown(done?.redirectUrl ?? null);
  const kit = useMutationForm({
    schema: newPasswordInputSchema,
    defaultValues: { password: '', confirmPassword: '' },
    captcha: true,
    call: async (values, captcha) =>
      (await resetPassword({ variables: { input: { email, token, ...values, captcha } } })).data?.resetPassword,
    onSuccess: ({ redirectUrl }, { password }) => {
      toaster.create({ type: 'success', title: SUCCESS_TOAST, description: RESET_SUCCESS_TITLE });
      setDone({ password, redirectUrl: httpUrl(redirectUrl) ?? loginPath });
    },
    onFailure: ({ message, errors }) => {
      // SPEC §8: a failed reset call says so in a toast as well.
      toaster.create({ type: 'error', title: FAILURE_TOAST, description: message });
      if (errors.some((error) => error.code === 'FORBIDDEN' && error.field === 'token')) link.refuse('DEACTIVATED');
    },
  });

  const expired = link.state === 'EXPIRED';

  useEffect(() => {
    if (!expired || done) return;
    const timer = window.setTimeout(() => void navigate(loginPath, { replace: true }), EXPIRED_LINK_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [expired, done, navigate]);

  if (done) {
    return (
      <PasswordSuccessPanel
        title={RESET_SUCCESS_TITLE}
        email={email}
        password={done.password}
        secondsLeft={secondsLeft}
        target={done.redirectUrl}
        testIdPrefix="reset"
      />
    );
  }
  if (link.state === 'DEACTIVATED') {
    return <ExpiredLinkNotice testId="reset-deactivated" title={DEACTIVATED_ACCOUNT_TITLE} advice={DEACTIVATED_ACCOUNT_ADVICE} />;
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
  if (link.state === 'CHECKING') return <LinkCheck title="Reset your password" testId="reset-verifying" />;

  return (
    <AuthCard title={welcomeTitle(email)} description="Choose a new password for your account." testId="reset-welcome">
      <ResetPasswordForm email={email} kit={kit} />
    </AuthCard>
  );
}
