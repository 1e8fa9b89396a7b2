import { Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormAlert } from '@/components/FormAlert';
import { MutationForm } from '@/components/MutationForm';
import { RecoveryCodeField, TwoFactorCodeField } from '@/components/TwoFactorCodeField';
import { RecoveryCodesPanel, TwoFactorEnrolmentPanel } from '@/components/TwoFactorEnrolmentPanel';
import {
  useSignInCodeVerifyMutation,
  useSignInEnrolmentConfirmMutation,
  type TwoFactorEnrolmentFieldsFragment,
  type ViewerFieldsFragment,
} from '@/generated/graphql';
import { codeRefusal, stepEnded, type StepEnd } from '@/lib/twoFactorErrors';
import { useMutationForm } from '@/lib/useMutationForm';
import { SubmitButton } from './SubmitButton';

const codeSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.twoFactorCodeInput);
const recoverySchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.recoveryCodeInput);

type Props = {
  /** Signed in: the viewer goes into the cache and the session gate sends them on. */
  onSignedIn: (viewer: ViewerFieldsFragment) => void;
  /** The step ran out, was used or took five wrong codes: back to email and password, saying why. */
  onExpired: (why: StepEnd) => void;
};

/** The code step of a sign-in: the code of the authenticator app, or a recovery code instead. */
export function SignInCodeStep({ onSignedIn, onExpired }: Props) {
  const [verify] = useSignInCodeVerifyMutation();
  const [useRecovery, setUseRecovery] = useState(false);
  const call = async (input: { code?: string; recoveryCode?: string }) => {
    const payload = (await verify({ variables: { input } })).data?.verifySignInCode;
    const ended = payload && stepEnded(payload.errors);
    if (ended) onExpired(ended);
    return payload && { ...payload, errors: payload.errors.map(codeRefusal) };
  };
  const signedIn = ({ viewer }: { viewer?: ViewerFieldsFragment | null }) => viewer && onSignedIn(viewer);
  const codeKit = useMutationForm({ schema: codeSchema, defaultValues: { code: '' }, call, onSuccess: signedIn });
  const recoveryKit = useMutationForm({ schema: recoverySchema, defaultValues: { recoveryCode: '' }, call, onSuccess: signedIn });

  return (
    <Stack gap="4">
      {useRecovery ? (
        <MutationForm
          kit={recoveryKit}
          label="Sign in with a recovery code"
          testId="login-recovery-form"
          alertTestId="login-code-error"
          focusOnArrival
        >
          <RecoveryCodeField testId="login-recovery-code" />
          <CodeSubmit submitting={recoveryKit.submitting} />
        </MutationForm>
      ) : (
        <MutationForm kit={codeKit} label="Sign in with a code" testId="login-code-form" alertTestId="login-code-error" focusOnArrival>
          <Text color="fg.muted">Open your authenticator app and enter the code it shows for Yozy Admin.</Text>
          <TwoFactorCodeField testId="login-code" />
          <CodeSubmit submitting={codeKit.submitting} />
        </MutationForm>
      )}
      <Link
        as="button"
        color="brand.fg"
        fontSize="sm"
        fontWeight="medium"
        alignSelf="center"
        onClick={() => setUseRecovery((value) => !value)}
        data-testid="login-code-switch"
      >
        {useRecovery ? 'Use a code from your authenticator app instead' : 'Use a recovery code instead'}
      </Link>
    </Stack>
  );
}

function CodeSubmit({ submitting }: { submitting: boolean }) {
  return (
    <SubmitButton submitting={submitting} loadingText="Checking…" testId="login-code-submit">
      Sign in
    </SubmitButton>
  );
}

/**
 * The organisation requires two-factor and the person has none yet: set it up, confirm it with a
 * code, see the recovery codes once, and only then go on signed in.
 */
export function SignInEnrolStep({ enrolment, onSignedIn, onExpired }: Props & { enrolment: TwoFactorEnrolmentFieldsFragment | null }) {
  const [confirm] = useSignInEnrolmentConfirmMutation();
  const [done, setDone] = useState<{ viewer: ViewerFieldsFragment; codes: string[] } | null>(null);
  const kit = useMutationForm({
    schema: codeSchema,
    defaultValues: { code: '' },
    call: async (input) => {
      const payload = (await confirm({ variables: { input } })).data?.confirmSignInEnrolment;
      const ended = payload && stepEnded(payload.errors);
      if (ended) onExpired(ended);
      return payload && { ...payload, errors: payload.errors.map(codeRefusal) };
    },
    onSuccess: ({ viewer, recoveryCodes }) => viewer && setDone({ viewer, codes: recoveryCodes ?? [] }),
  });

  if (done) {
    return (
      <RecoveryCodesPanel codes={done.codes}>
        <Button colorPalette="brand" size="lg" width="full" onClick={() => onSignedIn(done.viewer)} data-testid="recovery-codes-done">
          I have saved my recovery codes
        </Button>
      </RecoveryCodesPanel>
    );
  }
  if (!enrolment) return <FormAlert message="Two-factor sign-in could not be set up. Sign in again." testId="login-enrol-error" />;
  return (
    <TwoFactorEnrolmentPanel enrolment={enrolment}>
      <MutationForm kit={kit} label="Confirm two-factor sign-in" testId="login-enrol-form" alertTestId="login-code-error" focusOnArrival>
        <TwoFactorCodeField testId="login-code" />
        <Flex>
          <CodeSubmit submitting={kit.submitting} />
        </Flex>
      </MutationForm>
    </TwoFactorEnrolmentPanel>
  );
}
