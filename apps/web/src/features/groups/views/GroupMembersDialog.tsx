import { Button, Checkbox, CloseButton, Dialog, Heading, HStack, Input, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ApolloCache } from '@apollo/client';
import { useEffect, useState } from 'react';
import { LuUserMinus, LuUserPlus } from 'react-icons/lu';
import {
  useGroupCandidateListQuery,
  useGroupMemberListQuery,
  useGroupMembersAddMutation,
  useGroupMembersRemoveMutation,
  type GroupFieldsFragment,
} from '@/generated/graphql';
import { totalText } from '@/components/DataTable';
import { dropListPages } from '@/lib/listCache';
import { toastFailure, toastIfRefused } from '@/lib/payloadErrors';
import { describeRequestError } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';
import { SEARCH_DEBOUNCE_MS } from '@/lib/useListState';
import { PersonLine } from '@/features/groups/components/PersonLine';
import { personPath } from '@/features/users/urls';

/** Members shown at once; a larger group is searched to find the others. */
const MEMBERS_SHOWN = 100;
/** People the picker offers at once: a search narrows them. */
const CANDIDATES_SHOWN = 20;

/** The text once typing pauses, trimmed. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

// After a change both lists of the group are asked again: who is in it, and whom the picker offers.
const forgetPeopleLists = (cache: ApolloCache) => {
  dropListPages(cache, 'groupMembers');
  dropListPages(cache, 'groupMemberCandidates');
};

const plural = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/** A group's members, and a searchable picker of the organisation's people to add. */
export function GroupMembersDialog({
  group,
  organizationId,
  onClose,
}: {
  group: GroupFieldsFragment;
  /** The organisation the provider named, whose people's pages the members link to. */
  organizationId?: string;
  onClose: () => void;
}) {
  const [memberText, setMemberText] = useState('');
  const [pickerText, setPickerText] = useState('');
  const memberSearch = useSettled(memberText);
  const pickerSearch = useSettled(pickerText);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  const members = useGroupMemberListQuery({
    variables: { groupId: group.id, search: memberSearch || undefined, page: { offset: 0, limit: MEMBERS_SHOWN } },
    notifyOnNetworkStatusChange: true,
  });
  const candidates = useGroupCandidateListQuery({
    variables: { groupId: group.id, search: pickerSearch || undefined, page: { offset: 0, limit: CANDIDATES_SHOWN } },
    notifyOnNetworkStatusChange: true,
  });
  const [addMembers] = useGroupMembersAddMutation({ update: forgetPeopleLists });
  const [removeMembers] = useGroupMembersRemoveMutation({ update: forgetPeopleLists });

  const memberPage = (members.data ?? members.previousData)?.groupMembers;
  const candidatePage = (candidates.data ?? candidates.previousData)?.groupMemberCandidates;

  async function add() {
    setAdding(true);
    try {
      const answer = await addMembers({ variables: { input: { groupId: group.id, userIds: [...selected] } } });
      if (toastIfRefused(answer.data?.addGroupMembers, 'Nobody was added')) {
        toaster.success({ title: `Added ${plural(selected.size)} to ${group.name}` });
        setSelected(new Set());
      }
    } catch (failure) {
      toastFailure('Nobody was added', failure);
    } finally {
      setAdding(false);
    }
  }

  async function remove(id: string, name: string) {
    setRemoving(id);
    try {
      const answer = await removeMembers({ variables: { input: { groupId: group.id, userIds: [id] } } });
      if (toastIfRefused(answer.data?.removeGroupMembers, `${name} is still in ${group.name}`))
        toaster.success({ title: `${name} left ${group.name}` });
    } catch (failure) {
      toastFailure(`${name} is still in ${group.name}`, failure);
    } finally {
      setRemoving(null);
    }
  }

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="group-members">
            <Dialog.Header>
              <Dialog.Title>Members of {group.name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Stack gap="6">
                <Stack as="section" gap="3" aria-labelledby="group-picker-heading">
                  <Heading as="h3" size="sm" id="group-picker-heading">
                    Add people
                  </Heading>
                  <Input
                    type="search"
                    aria-label="Find people to add"
                    placeholder="Name or email"
                    value={pickerText}
                    onChange={(event) => setPickerText(event.target.value)}
                    data-testid="group-picker-search"
                  />
                  {candidates.error ? (
                    <Text role="alert" color="fg.error">
                      The people could not be loaded. {describeRequestError(candidates.error)}
                    </Text>
                  ) : !candidatePage ? (
                    <Stack gap="2" role="status" aria-label="Loading people">
                      <Skeleton height="6" />
                      <Skeleton height="6" />
                    </Stack>
                  ) : candidatePage.nodes.length === 0 ? (
                    <Text color="fg.muted">Nobody in the organization matches.</Text>
                  ) : (
                    <Stack as="ul" gap="1" listStyleType="none" data-testid="group-picker">
                      {candidatePage.nodes.map((person) => (
                        <li key={person.id}>
                          <Checkbox.Root
                            colorPalette="brand"
                            disabled={person.isMember}
                            checked={person.isMember || selected.has(person.id)}
                            onCheckedChange={(details) => toggle(person.id, details.checked === true)}
                            width="full"
                            py="1"
                          >
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label flex="1">
                              <PersonLine person={person} note={person.isMember ? 'In the group' : undefined} />
                            </Checkbox.Label>
                          </Checkbox.Root>
                        </li>
                      ))}
                    </Stack>
                  )}
                  {candidatePage && candidatePage.totalCount > candidatePage.nodes.length && (
                    <Text fontSize="sm" color="fg.muted">
                      Showing {candidatePage.nodes.length} of {totalText(candidatePage.totalCount, candidatePage.totalCountKind)}: search to
                      find others.
                    </Text>
                  )}
                  <HStack>
                    <Button
                      colorPalette="brand"
                      onClick={() => void add()}
                      disabled={selected.size === 0}
                      loading={adding}
                      data-testid="group-add-members"
                    >
                      <LuUserPlus aria-hidden /> {selected.size === 0 ? 'Add selected people' : `Add ${plural(selected.size)}`}
                    </Button>
                  </HStack>
                </Stack>

                <Stack as="section" gap="3" aria-labelledby="group-members-heading">
                  <Heading as="h3" size="sm" id="group-members-heading">
                    Members{memberPage && !memberSearch ? ` (${totalText(memberPage.totalCount, memberPage.totalCountKind)})` : ''}
                  </Heading>
                  <Input
                    type="search"
                    aria-label="Search members"
                    placeholder="Name or email"
                    value={memberText}
                    onChange={(event) => setMemberText(event.target.value)}
                  />
                  {members.error ? (
                    <Text role="alert" color="fg.error">
                      The members could not be loaded. {describeRequestError(members.error)}
                    </Text>
                  ) : !memberPage ? (
                    <Stack gap="2" role="status" aria-label="Loading members">
                      <Skeleton height="6" />
                      <Skeleton height="6" />
                    </Stack>
                  ) : memberPage.nodes.length === 0 ? (
                    <Text color="fg.muted" data-testid="group-members-empty">
                      {memberSearch ? 'No member matches.' : 'Nobody is in this group yet: add people above.'}
                    </Text>
                  ) : (
                    <Stack as="ul" gap="1" listStyleType="none" data-testid="group-member-list">
                      {memberPage.nodes.map((member) => {
                        const name = `${member.firstName} ${member.lastName}`.trim();
                        return (
                          <HStack as="li" key={member.id} justify="space-between" gap="3" py="1" borderBottomWidth="1px">
                            <PersonLine
                              person={member}
                              note={member.isActive ? undefined : 'Deactivated'}
                              to={personPath(member.id, organizationId)}
                            />
                            <Button
                              size="xs"
                              variant="ghost"
                              colorPalette="red"
                              aria-label={`Remove ${name} from ${group.name}`}
                              loading={removing === member.id}
                              onClick={() => void remove(member.id, name)}
                            >
                              <LuUserMinus aria-hidden /> Remove
                            </Button>
                          </HStack>
                        );
                      })}
                    </Stack>
                  )}
                  {memberPage && memberPage.totalCount > memberPage.nodes.length && (
                    <Text fontSize="sm" color="fg.muted">
                      Showing {memberPage.nodes.length} of {totalText(memberPage.totalCount, memberPage.totalCountKind)}: search to find
                      others.
                    </Text>
                  )}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Done
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
