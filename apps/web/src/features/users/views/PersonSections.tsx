import { Box, Button, Field, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { editUserProfileInput } from '@yozy/shared';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import {
  useGroupListQuery,
  useGroupMembersAddMutation,
  useGroupMembersRemoveMutation,
  useSessionEndMutation,
  useSessionListQuery,
  useSessionUserEndMutation,
  useUserAdminSetMutation,
  useUserPasswordResetSendMutation,
  useUserProfileEditMutation,
  useUserRoleRemoveMutation,
  useUserRoleSetMutation,
  useUsersSetActiveMutation,
  useUserSeatsQuery,
  type UserDetailQuery,
  type UserErrorFieldsFragment,
} from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { dropListPages } from '@/lib/listCache';
import { describeRequestError, errorMessage } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';
import { browserOf, sessionsEndedMessage } from '@/lib/sessionOutcomes';
import { activationMessage, adminRemovedMessage, roleRemovedMessage } from '@/features/users/personOutcomes';
import { useMutationForm } from '@/lib/useMutationForm';

export type Person = NonNullable<UserDetailQuery['user']>;
/** Whose page it is: the person, and the organisation the provider named (the viewer's own when absent). */
export type PersonScope = { userId: string; organizationId?: string };
type SectionProps = { person: Person; scope: PersonScope };

// On a phone the roles table keeps its Remove buttons in view: the date a role was given moves under the product.
const NARROW_HIDDEN = { base: 'none', sm: 'table-cell' } as const;
const NARROW_ONLY = { base: 'block', sm: 'none' } as const;

// The shared rules load when the person starts on the form, keeping zod off the page's first paint.
const profileSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.editUserProfileInput);

// After any change the person, their audit history, the people list and the seats are read again.
const refreshPerson = {
  refetchQueries: ['UserDetail', 'AuditLog'],
  awaitRefetchQueries: true,
  update: (cache: Parameters<typeof dropListPages>[0]) => {
    dropListPages(cache, 'users');
    dropListPages(cache, 'userSeats');
  },
};

/** A section of the page: a heading, what it is for, and its content. */
export function PersonPanel({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box
      as="section"
      aria-labelledby={`${testId}-title`}
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '4', md: '6' }}
      data-testid={testId}
    >
      <Heading as="h2" size="md" id={`${testId}-title`} mb={description ? '1' : '4'}>
        {title}
      </Heading>
      {description && (
        <Text color="fg.muted" mb="4" maxW="prose">
          {description}
        </Text>
      )}
      {children}
    </Box>
  );
}

/**
 * Runs a change of the page: its refusal (the payload's first error, or the failed request) is
 * kept for the section to show beside its controls; true when it did its work.
 */
function useChange() {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(
    work: () => Promise<{ errors: readonly UserErrorFieldsFragment[] } | null | undefined>,
    done?: string | { title: string; description: string },
  ) {
    setBusy(true);
    setProblem(null);
    try {
      const payload = await work();
      const [error] = payload?.errors ?? [];
      if (error) {
        setProblem(errorMessage(error));
        return false;
      }
      if (done) toaster.success(typeof done === 'string' ? { title: done } : done);
      return true;
    } catch (failure) {
      setProblem(describeRequestError(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { problem, busy, run, clear: () => setProblem(null) };
}

/** The payload's refusal thrown, for a confirmation dialog that shows it and stays open. */
function orThrow(payload: { errors: readonly UserErrorFieldsFragment[] } | null | undefined) {
  const [error] = payload?.errors ?? [];
  if (error) throw new Error(errorMessage(error));
}

export function ProfileSection({ person, scope }: SectionProps) {
  const [edit] = useUserProfileEditMutation(refreshPerson);
  const kit = useMutationForm({
    schema: profileSchema,
    defaultValues: {
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone ?? '',
      departmentName: person.departmentName ?? '',
      departmentCode: person.departmentCode ?? '',
    },
    call: async (values) =>
      (await edit({ variables: { organizationId: scope.organizationId, input: { userId: scope.userId, ...values } } })).data
        ?.editUserProfile,
    onSuccess: () => toaster.success({ title: 'Profile saved' }),
  });
  return (
    <PersonPanel
      title="Profile"
      description="Their name, phone and department. The email is how they sign in and stays."
      testId="person-profile"
    >
      <MutationForm<typeof editUserProfileInput>
        kit={kit}
        label="Profile"
        testId="person-profile-form"
        alertTestId="person-profile-error"
        gap="4"
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField name="firstName" label="First name" required testId="person-first-name">
            {(control) => <Input autoComplete="off" {...control} />}
          </FormField>
          <FormField name="lastName" label="Last name" required testId="person-last-name">
            {(control) => <Input autoComplete="off" {...control} />}
          </FormField>
          <FormField name="departmentName" label="Department name" testId="person-department-name">
            {(control) => <Input {...control} />}
          </FormField>
          <FormField name="departmentCode" label="Department code" testId="person-department-code">
            {(control) => <Input {...control} />}
          </FormField>
          <FormField name="phone" label="Phone" testId="person-phone">
            {(control) => <Input type="tel" inputMode="tel" {...control} />}
          </FormField>
        </SimpleGrid>
        <HStack>
          <Button type="submit" colorPalette="brand" loading={kit.submitting} loadingText="Saving…" data-testid="person-profile-save">
            Save profile
          </Button>
        </HStack>
      </MutationForm>
    </PersonPanel>
  );
}

export function RolesSection({ person, scope }: SectionProps) {
  const seats = useUserSeatsQuery({ variables: { organizationId: scope.organizationId } });
  const [setRole] = useUserRoleSetMutation(refreshPerson);
  const [removeRole] = useUserRoleRemoveMutation(refreshPerson);
  const change = useChange();
  const [adding, setAdding] = useState('');
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
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root flex="1" minW="14rem" maxW="sm">
              <Field.Label>Add a role on another product</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={adding} onChange={(event) => setAdding(event.target.value)} data-testid="person-role-add">
                  <option value="">Choose a role</option>
                  {open.map((product) => (
                    <optgroup key={product.productId} label={`${product.productName} (${product.left} of ${product.capacity} seats left)`}>
                      {product.roles.map((role) => (
                        <option key={role.id} value={role.id}>
                          {role.name} · {product.productName}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button
              size="sm"
              colorPalette="brand"
              disabled={!adding}
              loading={change.busy}
              onClick={() => void give(adding, 'Role added').then((done) => done && setAdding(''))}
              data-testid="person-role-add-submit"
            >
              Add role
            </Button>
          </HStack>
        )}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the role on ${removing?.productName ?? ''}?`}
        confirmLabel="Remove role"
        destructive
        onConfirm={async () => {
          orThrow(
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
          orThrow(await call(false));
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

export function GroupsSection({ person, scope }: SectionProps) {
  const groups = useGroupListQuery({ variables: { organizationId: scope.organizationId, page: { offset: 0, limit: 100 } } });
  const refreshGroups = { ...refreshPerson, update: (cache: Parameters<typeof dropListPages>[0]) => dropListPages(cache, 'groups') };
  const [add] = useGroupMembersAddMutation(refreshGroups);
  const [remove] = useGroupMembersRemoveMutation(refreshGroups);
  const change = useChange();
  const [adding, setAdding] = useState('');
  const inGroups = new Set(person.groups.map((group) => group.groupId));
  const others = (groups.data?.groups.nodes ?? []).filter((group) => !inGroups.has(group.id));
  return (
    <PersonPanel title="Groups" description="The assignment groups this person works in." testId="person-groups">
      <Stack gap="4">
        {change.problem && <FormAlert message={change.problem} testId="person-groups-error" />}
        {person.groups.length === 0 ? (
          <Text color="fg.muted">Not in any group.</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" data-testid="person-group-list">
            {person.groups.map((group) => (
              <HStack as="li" key={group.groupId} justify="space-between" gap="3" data-testid="person-group">
                <Text>
                  {group.name}{' '}
                  <Text as="span" color="fg.muted" fontSize="sm">
                    since {formatDateTime(group.addedAt)}
                  </Text>
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Remove from ${group.name}`}
                  disabled={change.busy}
                  onClick={() =>
                    void change.run(
                      async () =>
                        (await remove({ variables: { input: { groupId: group.groupId, userIds: [scope.userId] } } })).data
                          ?.removeGroupMembers,
                      `Removed from ${group.name}`,
                    )
                  }
                >
                  Remove
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
        {others.length > 0 && person.isActive && (
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root flex="1" minW="14rem" maxW="sm">
              <Field.Label>Add to a group</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={adding} onChange={(event) => setAdding(event.target.value)} data-testid="person-group-add">
                  <option value="">Choose a group</option>
                  {others.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button
              size="sm"
              colorPalette="brand"
              disabled={!adding}
              loading={change.busy}
              onClick={() =>
                void change
                  .run(
                    async () => (await add({ variables: { input: { groupId: adding, userIds: [scope.userId] } } })).data?.addGroupMembers,
                    'Added to the group',
                  )
                  .then((done) => done && setAdding(''))
              }
            >
              Add to group
            </Button>
          </HStack>
        )}
      </Stack>
    </PersonPanel>
  );
}

export function SessionsSection({ person, scope }: SectionProps) {
  const sessions = useSessionListQuery({
    variables: { organizationId: scope.organizationId, filter: { userId: scope.userId, active: true }, page: { offset: 0, limit: 50 } },
    fetchPolicy: 'cache-and-network',
  });
  const refresh = { refetchQueries: ['SessionList', 'AuditLog'], awaitRefetchQueries: true };
  const [endOne] = useSessionEndMutation(refresh);
  const [endAll] = useSessionUserEndMutation(refresh);
  const change = useChange();
  const [confirmingAll, setConfirmingAll] = useState(false);
  const rows = sessions.data?.sessions.nodes ?? [];
  return (
    <PersonPanel
      title="Sign-in sessions"
      description="Where this person is signed in now. An ended session must sign in again."
      testId="person-sessions"
    >
      <Stack gap="4">
        {change.problem && <FormAlert message={change.problem} testId="person-sessions-error" />}
        {sessions.error && !sessions.data ? (
          <FormAlert message={describeRequestError(sessions.error)} testId="person-sessions-load-error" />
        ) : !sessions.data ? (
          <Text color="fg.muted">Loading sessions…</Text>
        ) : rows.length === 0 ? (
          <Text color="fg.muted" data-testid="person-sessions-empty">
            {person.firstName} is not signed in anywhere.
          </Text>
        ) : (
          <>
            <Stack as="ul" gap="2" listStyleType="none">
              {rows.map((session) => (
                <HStack as="li" key={session.id} justify="space-between" gap="3" wrap="wrap" data-testid="person-session">
                  <Stack gap="0">
                    <Text>
                      {browserOf(session)}
                      {session.ip && (
                        <Text as="span" color="fg.muted">
                          {' '}
                          · {session.ip}
                        </Text>
                      )}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      Signed in {formatDateTime(session.startedAt)}, last seen {formatDateTime(session.lastSeenAt)}
                    </Text>
                  </Stack>
                  {session.current ? (
                    <Text fontSize="sm" color="fg.muted">
                      This browser
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      disabled={change.busy}
                      onClick={() =>
                        void change.run(
                          async () =>
                            (await endOne({ variables: { input: { sessionId: session.id, organizationId: scope.organizationId } } })).data
                              ?.endSession,
                          sessionsEndedMessage({
                            kind: 'one',
                            person: `${person.firstName} ${person.lastName}`,
                            browser: browserOf(session),
                            count: 1,
                          }),
                        )
                      }
                      data-testid="person-session-end"
                    >
                      End session
                    </Button>
                  )}
                </HStack>
              ))}
            </Stack>
            <Box>
              <Button
                variant="outline"
                colorPalette="red"
                size="sm"
                onClick={() => setConfirmingAll(true)}
                data-testid="person-sessions-end-all"
              >
                End all sessions
              </Button>
            </Box>
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={confirmingAll}
        title="End all sessions?"
        confirmLabel="End all sessions"
        destructive
        onConfirm={async () => {
          const answer = (await endAll({ variables: { input: { userId: scope.userId, organizationId: scope.organizationId } } })).data
            ?.endUserSessions;
          orThrow(answer);
          toaster.success(
            sessionsEndedMessage({ kind: 'person', person: `${person.firstName} ${person.lastName}`, count: answer?.endedCount ?? 0 }),
          );
        }}
        onClose={() => setConfirmingAll(false)}
        testId="person-sessions-dialog"
      >
        Every browser {person.firstName} is signed in on is signed out at its next request.
      </ConfirmDialog>
    </PersonPanel>
  );
}

export function AccessSection({ person, scope }: SectionProps) {
  const [sendReset] = useUserPasswordResetSendMutation();
  const [setActive] = useUsersSetActiveMutation(refreshPerson);
  const change = useChange();
  const [confirming, setConfirming] = useState<'deactivate' | 'activate' | null>(null);
  const name = `${person.firstName} ${person.lastName}`;
  const activate = async (active: boolean) => {
    orThrow(
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
