import {
  FIRST_NAME_PLACEHOLDER,
  isEmailAddress,
  LAST_NAME_PLACEHOLDER,
  SET_PASSWORD_TOKEN_PARAM,
  type SET_PASSWORD_ROUTE,
} from '@yozy/shared';
import { useState } from 'react';
import { useParams, useSearchParams, type PathParam } from 'react-router-dom';
import { usePasswordSetMutation } from '@/generated/graphql';
import { httpUrl } from '@/lib/httpUrl';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import {
  DEACTIVATED_ACCOUNT_ADVICE,
  DEACTIVATED_ACCOUNT_TITLE,
  FAILURE_TOAST,
  SET_PASSWORD_SUCCESS_TITLE,
  welcomeTitle,
} from '@/features/auth/accountMessages';
import { AuthCard } from '@/components/AuthCard';
import { ExpiredLinkNotice } from '@/features/auth/components/ExpiredLinkNotice';
import { LinkCheck } from '@/features/auth/components/LinkCheck';
import { PasswordSuccessPanel } from '@/features/auth/components/PasswordSuccessPanel';
import { SetPasswordForm } from '@/features/auth/components/SetPasswordForm';
import { nameFromLink } from '@/features/auth/invitationLink';
import { loginPath } from '@/features/auth/urls';
import { useAccountLinkStatus } from './useAccountLinkStatus';
import { useRedirectCountdown } from './useRedirectCountdown';

// The shared rules load when the person starts on the form, keeping zod off the first screen.
const setPasswordInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.setPasswordInput);

type Done = { password: string; redirectUrl: string };

/** The invitation link, /setpassword/{email}/{firstname}/{lastname}?token=…: an invited user's first password (SPEC §2, DESIGN §2). */
export default function SetPasswordView() {
  const { email = '', firstname, lastname } = useParams<PathParam<typeof SET_PASSWORD_ROUTE>>();
  const [search] = useSearchParams();
  const token = search.get(SET_PASSWORD_TOKEN_PARAM) ?? '';
  const [setPassword] = usePasswordSetMutation();
  // The link is checked before the form is shown, so nobody fills it in for a link that cannot work.
  const link = useAccountLinkStatus('INVITE', { email, token, wellFormed: token !== '' && isEmailAddress(email) });
  const [done, setDone] = useState<Done | null>(null);
  const secondsLeft = useRedirectCountdown(done?.redirectUrl ?? null);
  const kit = useMutationForm({
    schema: setPasswordInputSchema,
    defaultValues: {
      firstName: nameFromLink(firstname, FIRST_NAME_PLACEHOLDER),
      lastName: nameFromLink(lastname, LAST_NAME_PLACEHOLDER),
      password: '',
      confirmPassword: '',
    },
    captcha: true,
    call: async (values, captcha) => (await setPassword({ variables: { input: { email, token, ...values, captcha } } })).data?.setPassword,
    onSuccess: ({ redirectUrl }, { password }) => setDone({ password, redirectUrl: httpUrl(redirectUrl) ?? loginPath }),
    onFailure: ({ message, errors }) => {
      // SPEC §8: a failed set-password call says so in a toast as well.
      toaster.create({ type: 'error', title: FAILURE_TOAST, description: message });
      if (errors.some((error) => error.code === 'INVALID_TOKEN')) link.refuse('EXPIRED');
      if (errors.some((error) => error.code === 'FORBIDDEN' && error.field === 'token')) link.refuse('DEACTIVATED');
    },
  });

  if (done) {
    return (
      <PasswordSuccessPanel
        title={SET_PASSWORD_SUCCESS_TITLE}
        email={email}
        password={done.password}
        secondsLeft={secondsLeft}
        target={done.redirectUrl}
        testIdPrefix="setpassword"
      />
    );
  }
  if (link.state === 'DEACTIVATED') {
    return <ExpiredLinkNotice testId="setpassword-deactivated" title={DEACTIVATED_ACCOUNT_TITLE} advice={DEACTIVATED_ACCOUNT_ADVICE} />;
  }
  if (link.state === 'EXPIRED') {
    return (
      <ExpiredLinkNotice
        testId="setpassword-expired"
        advice="Invitation links work once and for a limited time. Ask your administrator to invite you again."
      />
    );
  }

  if (link.state === 'CHECKING') return <LinkCheck title="Choose your password" testId="setpassword-verifying" />;

  return (
    <AuthCard title={welcomeTitle(email)} description="Tell us your name and choose a password to start." testId="setpassword-welcome">
      <SetPasswordForm email={email} kit={kit} />
    </AuthCard>
  );
}
