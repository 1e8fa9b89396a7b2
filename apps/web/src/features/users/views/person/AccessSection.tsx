import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { useUserPasswordResetSendMutation, useUsersSetActiveMutation } from '@/generated/graphql';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { activationMessage } from '@/features/users/personOutcomes';
import { PersonPanel, type SectionProps } from './PersonPanel';
import { refreshPerson, useChange } from './personChange';

/** A password reset by mail, and whether the person may sign in at all. */
export function AccessSection({ person, scope }: SectionProps) {
  const [sendReset] = useUserPasswordResetSendMutation();
  const [setActive] = useUsersSetActiveMutation(refreshPerson);
  const change = useChange();
  const [confirming, setConfirming] = useState<'deactivate' | 'activate' | null>(null);
  const name = `${person.firstName} ${person.lastName}`;
  const activate = async (active: boolean) => {
    throwIfRefused(
      (await setActive({ variables: { organizationId: scope.organizationId, input: { userIds: [scope.userId], active } } })).data
        ?.setUsersActive,
    );
    toaster.success(activationMessage(name, 1, active));
  };
  return (
    <PersonPanel title="Access" description="A new password by mail, or whether this person can sign in at all." testId="person-access">
      <Stack gap="4" align="start">
        {change.problem && <FormAlert message={change.problem} testId="person-access-error" />}
        <Stack gap="1">
          <Button
            variant="outline"
            loading={change.busy}
            disabled={person.status !== 'ACTIVE'}
            onClick={() =>
              void change.run(
                async () =>
                  (await sendReset({ variables: { organizationId: scope.organizationId, input: { userId: scope.userId } } })).data
                    ?.sendUserPasswordReset,
                `Password reset mail sent to ${person.email}`,
              )
            }
            data-testid="person-reset"
          >
            Send password reset mail
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {person.status === 'ACTIVE'
              ? 'They get a link to choose a new password; their password works until they do.'
              : 'Only an active person who has chosen a password can be sent one.'}
          </Text>
        </Stack>
        {person.isActive ? (
          <Button colorPalette="red" onClick={() => setConfirming('deactivate')} data-testid="person-deactivate">
            Deactivate
          </Button>
        ) : (
          <Button colorPalette="brand" onClick={() => setConfirming('activate')} data-testid="person-activate">
            Activate
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'deactivate' ? `Deactivate ${name}?` : `Activate ${name}?`}
        confirmLabel={confirming === 'deactivate' ? 'Deactivate' : 'Activate'}
        destructive={confirming === 'deactivate'}
        onConfirm={() => activate(confirming === 'activate')}
        onClose={() => setConfirming(null)}
        testId="person-activation-dialog"
      >
        {confirming === 'deactivate'
          ? 'They can no longer sign in, every session of theirs ends at once, and their seats are free for others. You can activate them again later.'
          : 'They can sign in again, and take a seat on every product they hold a role for.'}
      </ConfirmDialog>
    </PersonPanel>
  );
}
