import { useApolloClient } from '@apollo/client/react';
import { memo, Suspense, useEffect, useState, type ComponentProps, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { useSignInMutation, ViewerDocument, type TwoFactorEnrolmentFieldsFragment, type ViewerFieldsFragment } from '@/generated/graphql';
import type { StepEnd } from '@/lib/twoFactorErrors';
import { lazyScreen } from '@/lib/lazyScreen';
import { loadChunk } from '@/lib/loadChunk';
import { onFirstFormInteraction } from '@/lib/formInteraction';
import type { SignInCodeStep as CodeStep, SignInEnrolStep as EnrolStep } from '@/features/auth/components/SignInSecondStep';
import { useMutationForm } from '@/lib/useMutationForm';
import { AuthCard } from '@/components/AuthCard';
import { FormAlert } from '@/components/FormAlert';
import { ScreenSpinner } from '@/components/ScreenSpinner';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { SingleSignOnChoice, SSO_FAILURE_MESSAGES } from '@/features/auth/components/SingleSignOn';
import { takeHandoffToken } from '@/features/auth/signInHandoff';
import { forgetTypedEmail, typedEmail, useTypedEmail } from '@/features/auth/typedEmail';
import { singleSignOnAddress, useSingleSignOn, useStartSingleSignOn } from './useSingleSignOn';

// The shared rules load when the person starts on the form, keeping zod off the first screen.
const signInInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.signInInput);

type Step =
  | { kind: 'password' }
  | { kind: 'code' }
  | { kind: 'enrol'; enrolment: TwoFactorEnrolmentFieldsFragment | null }
  | { kind: 'enrolStarting' };

/**
 * Back from the identity provider with the console's own second step to take (`/login?step=code`
 * or `enrol`, from the gateway): the step itself waits in its httpOnly cookie.
 */
const stepFromAddress = (value: string | null): Step =>
  value === 'code' ? { kind: 'code' } : value === 'enrol' ? { kind: 'enrolStarting' } : { kind: 'password' };

// The code and enrolment steps come after the password: their code is fetched once the form is
// on screen (see the preload below), not in the first download.
const SignInCodeStep = lazyScreen<ComponentProps<typeof CodeStep>>(() =>
  import('@/features/auth/components/SignInSecondStep').then((m) => ({ default: m.SignInCodeStep })),
);
const SignInEnrolStep = lazyScreen<ComponentProps<typeof EnrolStep>>(() =>
  import('@/features/auth/components/SignInSecondStep').then((m) => ({ default: m.SignInEnrolStep })),
);

/** A used, expired or forged hand-off token is ignored, and the person told so. */
export const HANDOFF_REFUSED = 'That sign-in link has expired or was already used; sign in as usual.';

const STEP_ENDED: Record<StepEnd, string> = {
  expired: 'That sign-in took too long. Sign in with your email and password again.',
  wrongCodes: 'Five wrong codes ended that sign-in. Sign in with your email and password again.',
};

/**
 * Sign-in. On success the viewer goes into the cache; the session gate then sees a signed-in
 * viewer on /login and sends them on (to the screen they asked for, or their landing page). With
 * two-factor the password leads to a code step (or, when the organisation requires two-factor and
 * the person has none, to setting it up) before the session starts.
 */
export default function LoginView() {
  const client = useApolloClient();
  const [signIn] = useSignInMutation();
  // Back from the identity provider without a session: the gateway says why, by a known word only.
  const [search, setSearch] = useSearchParams();
  const [step, setStep] = useState<Step>(() => stepFromAddress(search.get('step')));
  const [notice, setNotice] = useState<string | null>(SSO_FAILURE_MESSAGES[search.get('sso') ?? ''] ?? null);
  const signedIn = (viewer: ViewerFieldsFragment) => {
    forgetTypedEmail();
    client.writeQuery({ query: ViewerDocument, data: { viewer } });
  };
  const expired = (why: StepEnd) => {
    setStep({ kind: 'password' });
    setNotice(STEP_ENDED[why]);
  };

  // Fetched once the person starts on the form, so the code step shows at once after the
  // password; not while the page opens, when the browser has the page itself to run.
  useEffect(() => onFirstFormInteraction(() => void SignInCodeStep.preload().catch(() => undefined)), []);

  // The second step's operations come with its code (fetched ahead, see above), not with the form.
  const newEnrolment = () =>
    loadChunk(() => import('@/features/auth/graphql/SignInStep.generated'))
      .then(({ SignInEnrolmentStartDocument }) => client.mutate({ mutation: SignInEnrolmentStartDocument }))
      .then(
        ({ data }) => data?.startSignInEnrolment.enrolment ?? null,
        () => null,
      );
  useEffect(() => {
    if (!search.has('step')) return;
    // The step word has done its work; a reload starts from the password again.
    setSearch((params) => (params.delete('step'), params), { replace: true });
    if (step.kind === 'enrolStarting') void newEnrolment().then((enrolment) => setStep({ kind: 'enrol', enrolment }));
    // Once, for the address the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const kit = useMutationForm({
    schema: signInInputSchema,
    defaultValues: { email: typedEmail(), password: '', keepSignedIn: true },
    captcha: true,
    call: async (values, captcha) => (await signIn({ variables: { input: { ...values, captcha } } })).data?.signIn,
    onSuccess: async ({ viewer, nextStep }) => {
      setNotice(null);
      if (viewer) signedIn(viewer);
      else if (nextStep === 'CODE') setStep({ kind: 'code' });
      else if (nextStep === 'ENROL') setStep({ kind: 'enrol', enrolment: await newEnrolment() });
    },
  });

  if (step.kind === 'code') {
    return (
      <AuthCard title="Enter your code" description="Your account is protected with two-factor sign-in.">
        <Suspense fallback={<ScreenSpinner />}>
          <SignInCodeStep onSignedIn={signedIn} onExpired={expired} />
        </Suspense>
      </AuthCard>
    );
  }
  if (step.kind === 'enrolStarting') {
    return (
      <AuthCard
        title="Set up two-factor sign-in"
        description="Your organization requires a code from an authenticator app at every sign-in."
      >
        <ScreenSpinner />
      </AuthCard>
    );
  }
  if (step.kind === 'enrol') {
    return (
      <AuthCard
        title="Set up two-factor sign-in"
        description="Your organization requires a code from an authenticator app at every sign-in."
      >
        <Suspense fallback={<ScreenSpinner />}>
          <SignInEnrolStep enrolment={step.enrolment} onSignedIn={signedIn} onExpired={expired} />
        </Suspense>
      </AuthCard>
    );
  }
  return (
    <>
      <HandoffRedemption kit={kit} onRefused={() => setNotice(HANDOFF_REFUSED)} />
      <PasswordOrSingleSignOn kit={kit} notice={notice} />
    </>
  );
}

/**
 * A product's `/login?data=<token>` (already out of the address bar, see signInHandoff.ts): the
 * token is redeemed once for the person's email, which fills the form; the password is theirs to type.
 */
function HandoffRedemption({ kit, onRefused }: { kit: Kit; onRefused: () => void }) {
  const client = useApolloClient();
  useEffect(() => {
    const token = takeHandoffToken();
    if (token === null) return;
    loadChunk(() => import('@/features/auth/redeemHandoff'))
      .then(({ redeemHandoff }) => redeemHandoff(client, token))
      .then(
        (email) => {
          if (!email) return onRefused();
          kit.form.setValue('email', email);
          kit.form.setFocus('password');
        },
        () => onRefused(),
      );
    // Once, for the address the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

type Kit = Parameters<typeof LoginForm>[0]['kit'];

/** Keeps the email being typed for the page's links (typedEmail.ts), without drawing the form again. */
function KeepTypedEmail({ control }: { control: Kit['form']['control'] }) {
  useTypedEmail(useWatch({ control, name: 'email' }));
  return null;
}

/**
 * The sign-in form, offering single sign-on when the email's domain has it, and only that when it
 * is required. Drawn again only when what it shows changes (the kit's busy state or alert, the
 * notice, a whole address typed): not when the form's own state settles after it is mounted.
 */
const PasswordOrSingleSignOn = memo(function PasswordOrSingleSignOn({ kit, notice }: { kit: Kit; notice: string | null }) {
  const { control, getValues } = kit.form;
  const address = useWatch({ control, name: 'email', compute: singleSignOnAddress });
  const sso = useSingleSignOn(address);
  const { go, starting, problem } = useStartSingleSignOn();
  const required = sso?.required === true;
  const start = () => void go(getValues('email'), getValues('keepSignedIn') !== false);
  // Without a password to check, submitting the form (Enter in the email) starts single sign-on.
  const formKit = required
    ? {
        ...kit,
        onSubmit: (event?: FormEvent) => {
          event?.preventDefault();
          start();
        },
      }
    : kit;
  return (
    <AuthCard title="Sign in" description="Welcome back. Sign in to manage your organization.">
      {notice && <FormAlert message={notice} testId="login-notice" />}
      <KeepTypedEmail control={control} />
      <LoginForm
        kit={formKit}
        passwordless={required}
        singleSignOn={sso && <SingleSignOnChoice required={required} starting={starting} problem={problem} onContinue={start} />}
      />
    </AuthCard>
  );
});
