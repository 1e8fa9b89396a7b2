import { Button, Dialog, Input, Portal, SimpleGrid } from '@chakra-ui/react';
import type { inviteUserInput } from '@yozy/shared';
import { FormField } from '@/components/FormField';
import { SelectControl, type SelectOption } from '@/components/SelectControl';
import { MutationForm } from '@/components/MutationForm';
import { RoleSeatSelect } from '@/components/RoleSeatSelect';
import type { UserSeatsQuery } from '@/generated/graphql';
import type { MutationForm as Kit } from '@/lib/useMutationForm';

const KIND_OPTIONS: readonly SelectOption[] = [
  ['User', 'Member'],
  ['OrgAdmin', 'Organization admin'],
];

type Seats = UserSeatsQuery['userSeats'][number];

type Props = {
  open: boolean;
  onClose: () => void;
  kit: Kit<typeof inviteUserInput>;
  seats: readonly Seats[];
};

/** The invitation form in a dialog: who, their department, and the role that takes a seat. */
export function InviteUserDialog({ open, onClose, kit, seats }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', md: 'lg' }} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="invite-dialog">
            <Dialog.Header>
              <Dialog.Title>Invite a user</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <MutationForm kit={kit} label="Invite a user" testId="invite-form" alertTestId="invite-error" gap="4">
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <FormField name="firstName" label="First name" required testId="invite-first-name">
                    {(control) => <Input autoComplete="off" {...control} />}
                  </FormField>
                  <FormField name="lastName" label="Last name" required testId="invite-last-name">
                    {(control) => <Input autoComplete="off" {...control} />}
                  </FormField>
                </SimpleGrid>
                <FormField name="email" label="Email" required testId="invite-email" help="The invitation to choose a password goes here.">
                  {(control) => <Input type="email" inputMode="email" autoComplete="off" {...control} />}
                </FormField>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <FormField name="departmentName" label="Department name" testId="invite-department-name">
                    {(control) => <Input {...control} />}
                  </FormField>
                  <FormField name="departmentCode" label="Department code" testId="invite-department-code">
                    {(control) => <Input {...control} />}
                  </FormField>
                </SimpleGrid>
                <FormField name="phone" label="Phone" testId="invite-phone">
                  {(control) => <Input type="tel" inputMode="tel" {...control} />}
                </FormField>
                <FormField
                  name="typeOfUser"
                  label="Access"
                  required
                  testId="invite-type"
                  help="An organization admin also runs this console for the organization."
                >
                  {(control) => <SelectControl {...control} options={KIND_OPTIONS} />}
                </FormField>
                <FormField name="roleId" label="Role" required testId="invite-role" help="The role takes a seat on its product.">
                  {(control) => <RoleSeatSelect control={control} seats={seats} />}
                </FormField>
              </MutationForm>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={kit.submitting}>
                Cancel
              </Button>
              <Button
                type="submit"
                form={kit.formId}
                colorPalette="brand"
                loading={kit.submitting}
                loadingText="Sending…"
                data-testid="invite-submit"
              >
                Send invitation
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
