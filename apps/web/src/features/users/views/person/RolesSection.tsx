import { Box, Button, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { RoleSeatSelect } from '@/components/RoleSeatSelect';
import { useUserRoleRemoveMutation, useUserRoleSetMutation, useUserSeatsQuery } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { roleRemovedMessage } from '@/features/users/personOutcomes';
import { ChooseAndAdd } from './ChooseAndAdd';
import { PersonPanel, type Person, type SectionProps } from './PersonPanel';
import { refreshPerson, useChange } from './personChange';

// On a phone the roles table keeps its Remove buttons in view: the date a role was given moves under the product.
const NARROW_HIDDEN = { base: 'none', sm: 'table-cell' } as const;
const NARROW_ONLY = { base: 'block', sm: 'none' } as const;

/** One role on each product: changed in place, removed after a confirmation, or added on a product they hold none on. */
export function RolesSection({ person, scope }: SectionProps) {
  const seats = useUserSeatsQuery({ variables: { organizationId: scope.organizationId } });
  const [setRole] = useUserRoleSetMutation(refreshPerson);
  const [removeRole] = useUserRoleRemoveMutation(refreshPerson);
  const change = useChange();
  const [removing, setRemoving] = useState<Person['roles'][number] | null>(null);
  const products = seats.data?.userSeats ?? [];
  const held = new Set(person.roles.map((role) => role.productId));
  const open = products.filter((product) => !held.has(product.productId) && product.roles.length > 0);

  const give = (roleId: string, done: string) =>
    change.run(
      async () =>
        (await setRole({ variables: { organizationId: scope.organizationId, input: { userId: scope.userId, roleId } } })).data?.setUserRole,
      done,
    );

  return (
    <PersonPanel
      title="Roles"
      description="One role on each product the organization has a licence for. A product they hold no role on takes one of its seats."
      testId="person-roles"
    >
      <Stack gap="4">
        {change.problem && <FormAlert message={change.problem} testId="person-roles-error" />}
        {person.roles.length === 0 ? (
          <Text color="fg.muted">No role on any product: this person takes no seat.</Text>
        ) : (
          // Positioned, so the headers read only by screen readers stay inside the box on a phone.
          <Box overflowX="auto" position="relative">
            <Table.Root size="sm" aria-label="Roles per product" data-testid="person-role-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Product</Table.ColumnHeader>
                  <Table.ColumnHeader>Role</Table.ColumnHeader>
                  <Table.ColumnHeader display={NARROW_HIDDEN}>Since</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Text srOnly>Actions</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {person.roles.map((role) => {
                  const product = products.find((p) => p.productId === role.productId);
                  return (
                    <Table.Row key={`${role.productId}-${role.roleId}`} data-testid="person-role">
                      <Table.Cell>
                        {role.productName}
                        <Text display={NARROW_ONLY} fontSize="xs" color="fg.muted">
                          since {formatDateTime(role.assignedAt)}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>
                        {product ? (
                          <NativeSelect.Root size="sm" minW={{ base: '7rem', sm: '10rem' }} disabled={change.busy}>
                            <NativeSelect.Field
                              aria-label={`Role on ${role.productName}`}
                              value={role.roleId}
                              onChange={(event) => void give(event.target.value, `Role on ${role.productName} changed`)}
                              data-testid="person-role-change"
                            >
                              {product.roles.map((option) => (
                                <option key={option.id} value={option.id}>
                                  {option.name}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        ) : (
                          role.roleName
                        )}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap" display={NARROW_HIDDEN}>
                        {formatDateTime(role.assignedAt)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" data-row-actions>
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          onClick={() => setRemoving(role)}
                          data-testid="person-role-remove"
                        >
                          Remove
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
        {open.length > 0 && (
          <ChooseAndAdd
            label="Add a role on another product"
            action="Add role"
            busy={change.busy}
            onAdd={(roleId) => give(roleId, 'Role added')}
            submitTestId="person-role-add-submit"
          >
            {(select) => <RoleSeatSelect size="sm" seats={open} {...select} data-testid="person-role-add" />}
          </ChooseAndAdd>
        )}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the role on ${removing?.productName ?? ''}?`}
        confirmLabel="Remove role"
        destructive
        onConfirm={async () => {
          throwIfRefused(
            (
              await removeRole({
                variables: { organizationId: scope.organizationId, input: { userId: scope.userId, productId: removing!.productId } },
              })
            ).data?.removeUserRole,
          );
          toaster.success(roleRemovedMessage(`${person.firstName} ${person.lastName}`, removing!.productName));
        }}
        onClose={() => setRemoving(null)}
        testId="person-role-remove-dialog"
      >
        {person.firstName} can no longer use {removing?.productName}, and their seat on it is free for someone else.
      </ConfirmDialog>
    </PersonPanel>
  );
}
