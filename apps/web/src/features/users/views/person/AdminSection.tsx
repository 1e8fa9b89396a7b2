import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { useUserAdminSetMutation } from '@/generated/graphql';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { adminRemovedMessage } from '@/features/users/personOutcomes';
import { PersonPanel, type SectionProps } from './PersonPanel';
import { refreshPerson, useChange } from './personChange';

/** Whether the person also runs this console for the organisation; taking it away is asked first. */
export function AdminSection({ person, scope }: SectionProps) {
  const [setAdmin] = useUserAdminSetMutation(refreshPerson);
  const change = useChange();
  const [confirming, setConfirming] = useState(false);
  if (person.typeOfUser === 'SUPER_ADMIN') return null;
  const admin = person.typeOfUser === 'ORG_ADMIN';
  const call = async (value: boolean) =>
    (await setAdmin({ variables: { organizationId: scope.organizationId, input: { userId: scope.userId, admin: value } } })).data
      ?.setUserAdmin;
  return (
    <PersonPanel
      title="Organization admin"
      description="An organization admin also runs this console for the organization: its people, groups, sessions and settings."
      testId="person-admin"
    >
      <Stack gap="3" align="start">
        {change.problem && <FormAlert message={change.problem} testId="person-admin-error" />}
        <Text data-testid="person-admin-state">
          {admin ? `${person.firstName} is an organization admin.` : `${person.firstName} is a member, not an organization admin.`}
        </Text>
        {admin ? (
          <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)} data-testid="person-admin-revoke">
            Remove admin rights
          </Button>
        ) : (
          <Button
            colorPalette="brand"
            loading={change.busy}
            onClick={() => void change.run(() => call(true), `${person.firstName} is now an organization admin`)}
            data-testid="person-admin-grant"
          >
            Make organization admin
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Remove admin rights?"
        confirmLabel="Remove admin rights"
        destructive
        onConfirm={async () => {
          throwIfRefused(await call(false));
          toaster.success(adminRemovedMessage(`${person.firstName} ${person.lastName}`));
        }}
        onClose={() => setConfirming(false)}
        testId="person-admin-dialog"
      >
        {person.firstName} {person.lastName} can no longer open this console; they keep their roles on the products.
      </ConfirmDialog>
    </PersonPanel>
  );
}
