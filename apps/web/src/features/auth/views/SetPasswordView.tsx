import { isEmailAddress } from '@yozy/shared';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { usePasswordSetMutation } from '../../../generated/graphql';
import { httpUrl } from '../../../lib/httpUrl';
import { describeRequestError, UNEXPECTED_MESSAGE } from '../../../lib/requestErrors';
import { toaster } from '../../../lib/toaster';
import { hasErrors } from '../../../lib/userErrors';
import { useCaptcha } from '../../../lib/useCaptcha';
import { FAILURE_TOAST, SET_PASSWORD_SUCCESS_TITLE, welcomeTitle } from '../accountMessages';
import { AuthCard } from '../../../components/AuthCard';
import { ExpiredLinkNotice } from '../components/ExpiredLinkNotice';
import { PasswordSuccessPanel } from '../components/PasswordSuccessPanel';
import { SetPasswordForm } from '../components/SetPasswordForm';
import { isInvalidLink, passwordFormOutcome } from '../newPasswordForm';
import { FIRST_NAME_PLACEHOLDER, LAST_NAME_PLACEHOLDER, nameFromLink, SET_PASSWORD_FIELDS, validateSetPassword } from '../setPasswordForm';
import { loginPath } from '../urls';
import { useAccountForm } from './useAccountForm';
import { useRedirectCountdown } from './useRedirectCountdown';

type Done = { password: string; redirectUrl: string };

/** The invitation link, /setpassword/{email}/{firstname}/{lastname}?token=…: an invited user's first password (SPEC §2, DESIGN §2). */
export default function SetPasswordView() {
  const { email = '', firstname, lastname } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [setPassword] = usePasswordSetMutation();
  const captcha = useCaptcha();
  const form = useAccountForm({
    firstName: nameFromLink(firstname, FIRST_NAME_PLACEHOLDER),
    lastName: nameFromLink(lastname, LAST_NAME_PLACEHOLDER),
    password: '',
    confirmPassword: '',
  });
  const [submitting, setSubmitting] = useState(false);
  const [linkRefused, setLinkRefused] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const secondsLeft = useRedirectCountdown(done?.redirectUrl ?? null);

  const fail = (fieldErrors: Parameters<typeof form.reject>[0], message: string | null) => {
    toaster.create({ type: 'error', title: FAILURE_TOAST, description: message ?? Object.values(fieldErrors).find(Boolean) });
    captcha.prepare();
    form.reject(fieldErrors, message);
  };

  const submit = async () => {
    if (submitting) return;
    const problems = validateSetPassword(form.values);
    if (hasErrors(problems)) {
      captcha.prepare();
      return form.reject(problems, null);
    }
    form.clearFormError();
    setSubmitting(true);
    try {
      const { firstName, lastName, password, confirmPassword } = form.values;
      const input = {
        email,
        token,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        password,
        confirmPassword,
        captcha: await captcha.take(),
      };
      const { data } = await setPassword({ variables: { input } });
      const payload = data?.setPassword;
      if (payload?.ok) {
        setDone({ password, redirectUrl: httpUrl(payload.redirectUrl) ?? loginPath });
        return;
      }
      const errors = payload?.errors ?? [];
      const outcome = passwordFormOutcome(errors, SET_PASSWORD_FIELDS);
      fail(outcome.fieldErrors, outcome.formError ?? (hasErrors(outcome.fieldErrors) ? null : UNEXPECTED_MESSAGE));
      if (isInvalidLink(errors)) setLinkRefused(true);
    } catch (error) {
      fail({}, describeRequestError(error));
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <PasswordSuccessPanel
        title={SET_PASSWORD_SUCCESS_TITLE}
        email={email}
        password={done.password}
        secondsLeft={secondsLeft}
        testIdPrefix="setpassword"
      />
    );
  }
  if (!token || !isEmailAddress(email) || linkRefused) {
    return (
      <ExpiredLinkNotice
        testId="setpassword-expired"
        advice="Invitation links work once and for a limited time. Ask your administrator to invite you again."
      />
    );
  }

  return (
    <AuthCard title={welcomeTitle(email)} description="Tell us your name and choose a password to start." testId="setpassword-welcome">
      <SetPasswordForm
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
