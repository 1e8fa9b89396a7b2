import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { FormAlert } from '@/components/FormAlert';
import { useGroupListQuery, useGroupMembersAddMutation, useGroupMembersRemoveMutation } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { dropListPages } from '@/lib/listCache';
import { ChooseAndAdd } from './ChooseAndAdd';
import { PersonPanel, type SectionProps } from './PersonPanel';
import { refreshPerson, useChange } from './personChange';

/** The groups the person works in: left or joined from here. */
export function GroupsSection({ person, scope }: SectionProps) {
  const groups = useGroupListQuery({ variables: { organizationId: scope.organizationId, page: { offset: 0, limit: 100 } } });
  const refreshGroups = { ...refreshPerson, update: (cache: Parameters<typeof dropListPages>[0]) => dropListPages(cache, 'groups') };
  const [add] = useGroupMembersAddMutation(refreshGroups);
  const [remove] = useGroupMembersRemoveMutation(refreshGroups);
  const change = useChange();
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
          <ChooseAndAdd
            label="Add to a group"
            action="Add to group"
            busy={change.busy}
            onAdd={(groupId) =>
              change.run(
                async () => (await add({ variables: { input: { groupId, userIds: [scope.userId] } } })).data?.addGroupMembers,
                'Added to the group',
              )
            }
          >
            {(select) => (
              <NativeSelect.Root size="sm">
                <NativeSelect.Field {...select} data-testid="person-group-add">
                  <option value="">Choose a group</option>
                  {others.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </ChooseAndAdd>
        )}
      </Stack>
    </PersonPanel>
  );
}
