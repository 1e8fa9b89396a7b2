import { Button, Card, Flex, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormAlert } from '@/components/FormAlert';
import { MutationForm } from '@/components/MutationForm';
import { RecoveryCodeField, TwoFactorCodeField } from '@/components/TwoFactorCodeField';
import { RecoveryCodesPanel, TwoFactorEnrolmentPanel } from '@/components/TwoFactorEnrolmentPanel';
import {
  TwoFactorStatusDocument,
  useTwoFactorConfirmMutation,
  useTwoFactorDisableMutation,
  useTwoFactorEnrolmentStartMutation,
  useTwoFactorStatusQuery,
  type TwoFactorEnrolmentFieldsFragment,
  type TwoFactorStatusFieldsFragment,
} from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { refusalMessage } from '@/lib/payloadErrors';
import { describeRequestError } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';
import { codeRefusal } from '@/lib/twoFactorErrors';
import { useMutationForm } from '@/lib/useMutationForm';

const codeSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.twoFactorCodeInput);
const recoverySchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.recoveryCodeInput);

type Stage =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolmentFieldsFragment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disabling' };

/** Privacy & Setting: one's own two-factor sign-in with an authenticator app. */
export function TwoFactorSection() {
  const status = useTwoFactorStatusQuery({ fetchPolicy: 'cache-and-network' });
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [startError, setStartError] = useState<string | null>(null);
  const [start, { loading: starting }] = useTwoFactorEnrolmentStartMutation();
  const writeStatus = (
    cache: { writeQuery: (options: { query: typeof TwoFactorStatusDocument; data: { twoFactor: TwoFactorStatusFieldsFragment } }) => void },
    twoFactor: TwoFactorStatusFieldsFragment | null | undefined,
  ) => {
    if (twoFactor) cache.writeQuery({ query: TwoFactorStatusDocument, data: { twoFactor } });
  };
  const [confirm] = useTwoFactorConfirmMutation({ update: (cache, { data }) => writeStatus(cache, data?.confirmTwoFactor.twoFactor) });
  const [disable] = useTwoFactorDisableMutation({ update: (cache, { data }) => writeStatus(cache, data?.disableTwoFactor.twoFactor) });
  const [useRecovery, setUseRecovery] = useState(false);

  const confirmKit = useMutationForm({
    schema: codeSchema,
    defaultValues: { code: '' },
    call: async (input) => {
      const payload = (await confirm({ variables: { input } })).data?.confirmTwoFactor;
      return payload && { ...payload, errors: payload.errors.map(codeRefusal) };
    },
    onSuccess: (payload) => setStage({ kind: 'codes', codes: payload.recoveryCodes ?? [] }),
  });
  const disableWithCode = useMutationForm({
    schema: codeSchema,
    defaultValues: { code: '' },
    call: async (input) => {
      const payload = (await disable({ variables: { input } })).data?.disableTwoFactor;
      return payload && { ...payload, errors: payload.errors.map(codeRefusal) };
    },
    onSuccess: () => turnedOff(),
  });
  const disableWithRecovery = useMutationForm({
    schema: recoverySchema,
    defaultValues: { recoveryCode: '' },
    call: async (input) => {
      const payload = (await disable({ variables: { input } })).data?.disableTwoFactor;
      return payload && { ...payload, errors: payload.errors.map(codeRefusal) };
    },
    onSuccess: () => turnedOff(),
  });

  function turnedOff() {
    setStage({ kind: 'idle' });
    toaster.success({ title: 'Two-factor sign-in turned off', closable: true });
  }

  async function begin() {
    setStartError(null);
    try {
      const payload = (await start()).data?.startTwoFactorEnrolment;
      if (payload?.enrolment) {
        confirmKit.clear();
        setStage({ kind: 'enrolling', enrolment: payload.enrolment });
      } else setStartError(refusalMessage(payload) ?? 'Two-factor sign-in could not be set up.');
    } catch (error) {
      setStartError(`Two-factor sign-in could not be set up. ${describeRequestError(error)}`);
    }
  }

  const current = status.data?.twoFactor ?? status.previousData?.twoFactor;

  function body() {
    if (stage.kind === 'codes') {
      return (
        <RecoveryCodesPanel codes={stage.codes}>
          <Flex>
            <Button colorPalette="brand" onClick={() => setStage({ kind: 'idle' })} data-testid="recovery-codes-done">
              I have saved my recovery codes
            </Button>
          </Flex>
        </RecoveryCodesPanel>
      );
    }
    if (stage.kind === 'enrolling') {
      return (
        <TwoFactorEnrolmentPanel enrolment={stage.enrolment}>
          <MutationForm
            kit={confirmKit}
            label="Confirm two-factor sign-in"
            testId="two-factor-confirm-form"
            alertTestId="two-factor-confirm-error"
          >
            <TwoFactorCodeField />
            <Flex gap="3" wrap="wrap">
              <Button type="submit" colorPalette="brand" loading={confirmKit.submitting} data-testid="two-factor-confirm">
                Turn on two-factor sign-in
              </Button>
              <Button variant="ghost" onClick={() => setStage({ kind: 'idle' })}>
                Cancel
              </Button>
            </Flex>
          </MutationForm>
        </TwoFactorEnrolmentPanel>
      );
    }
    if (status.error && !current) {
      return (
        <Stack gap="3" align="start">
          <FormAlert message={`Two-factor sign-in could not be loaded. ${describeRequestError(status.error)}`} testId="two-factor-error" />
          <Button variant="outline" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </Stack>
      );
    }
    if (!current) return <Skeleton height="12" aria-busy="true" />;
    if (!current.enabled) {
      return (
        <Stack gap="3" align="start">
          <Text data-testid="two-factor-status">Off. Your password alone signs you in.</Text>
          {startError && <FormAlert message={startError} testId="two-factor-start-error" />}
          <Button colorPalette="brand" onClick={() => void begin()} loading={starting} data-testid="two-factor-start">
            Set up two-factor sign-in
          </Button>
        </Stack>
      );
    }
    return (
      <Stack gap="3" align="start">
        <Text data-testid="two-factor-status">
          On since {current.enabledAt ? formatDateTime(current.enabledAt) : 'now'}. {current.recoveryCodesLeft} of 10 recovery codes left.
        </Text>
        {stage.kind === 'disabling' ? (
          <Stack gap="3" width="full" maxW="md">
            {useRecovery ? (
              <MutationForm
                kit={disableWithRecovery}
                label="Turn off with a recovery code"
                testId="two-factor-disable-form"
                alertTestId="two-factor-disable-error"
              >
                <RecoveryCodeField />
                <DisableButtons submitting={disableWithRecovery.submitting} onCancel={() => setStage({ kind: 'idle' })} />
              </MutationForm>
            ) : (
              <MutationForm
                kit={disableWithCode}
                label="Turn off with a code"
                testId="two-factor-disable-form"
                alertTestId="two-factor-disable-error"
              >
                <TwoFactorCodeField testId="two-factor-disable-code" />
                <DisableButtons submitting={disableWithCode.submitting} onCancel={() => setStage({ kind: 'idle' })} />
              </MutationForm>
            )}
            <Link as="button" color="brand.fg" fontSize="sm" alignSelf="start" onClick={() => setUseRecovery((value) => !value)}>
              {useRecovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
            </Link>
          </Stack>
        ) : (
          <Button variant="outline" colorPalette="red" onClick={() => setStage({ kind: 'disabling' })} data-testid="two-factor-disable">
            Turn off two-factor sign-in
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Card.Root as="section" aria-labelledby="two-factor-heading">
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg" id="two-factor-heading">
            Two-factor sign-in
          </Heading>
          <Text color="fg.muted">After your password, the console asks for a code from an authenticator app on your phone.</Text>
        </Stack>
        {body()}
      </Card.Body>
    </Card.Root>
  );
}

function DisableButtons({ submitting, onCancel }: { submitting: boolean; onCancel: () => void }) {
  return (
    <Flex gap="3" wrap="wrap">
      <Button type="submit" colorPalette="red" loading={submitting} data-testid="two-factor-disable-submit">
        Turn off
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </Flex>
  );
}
