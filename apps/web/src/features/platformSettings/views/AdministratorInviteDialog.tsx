import { Input, SimpleGrid, Text } from '@chakra-ui/react';
import { FormField } from '@/components/FormField';
import { useAdministratorInviteMutation } from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import { FormDialog } from '@/components/FormDialog';

// The shared rules load when the dialog opens, keeping zod off the list's first paint.
const inviteSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.inviteAdministratorInput);

/** Invites another of the provider's administrators, who gets a mail with a link to choose a password. */
export function AdministratorInviteDialog({ onClose }: { onClose: () => void }) {
  const [invite] = useAdministratorInviteMutation({ update: (cache) => dropListPages(cache, 'administrators') });
  const kit = useMutationForm({
    schema: inviteSchema,
    defaultValues: { firstName: '', lastName: '', email: '', phone: '' },
    call: async (input) => (await invite({ variables: { input } })).data?.inviteAdministrator,
    onSuccess: (payload) => {
      toaster.success({ title: `Invitation sent to ${payload.administrator?.email}` });
      onClose();
    },
  });
  return (
    <FormDialog noun="administrator" title="Invite an administrator" kit={kit} submitLabel="Send invitation" onClose={onClose}>
      <Text color="fg.muted" mb="4">
        Administrators see and change every organization. They get a mail with a link to choose their password.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField name="firstName" label="First name" required testId="administrator-first-name">
          {(control) => <Input {...control} autoComplete="off" />}
        </FormField>
        <FormField name="lastName" label="Last name" required testId="administrator-last-name">
          {(control) => <Input {...control} autoComplete="off" />}
        </FormField>
        <FormField name="email" label="Email" required testId="administrator-email">
          {(control) => <Input {...control} type="email" autoComplete="off" />}
        </FormField>
        <FormField name="phone" label="Phone" testId="administrator-phone">
          {(control) => <Input {...control} type="tel" autoComplete="off" />}
        </FormField>
      </SimpleGrid>
    </FormDialog>
  );
}
