import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuPencil, LuPlus, LuTrash2, LuUsers } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable, RowActionButton, type DataTableColumn } from '@/components/DataTable';
import { PageHeader } from '@/components/PageHeader';
import { GroupListDocument, useGroupDeleteMutation, useGroupListQuery, type GroupFieldsFragment } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { dropListPages } from '@/lib/listCache';
import { menuEntryName } from '@/lib/menu';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { groupList } from '@/features/groups/groupList';
import { groupManagementPath } from '@/features/groups/urls';
import { GroupEditorDialog } from './GroupEditorDialog';
import { GroupMembersDialog } from './GroupMembersDialog';

export type GroupsScreenProps = {
  /** The organisation whose groups to show; the viewer's own when absent (a SuperAdmin passes one). */
  organizationId?: string;
  /** Shown inside another page (the provider's organisation tabs): no page title of its own. */
  embedded?: boolean;
};

type Group = GroupFieldsFragment;
type Editing = { mode: 'create' } | { mode: 'edit'; group: Group };

/**
 * An organisation's assignment groups: searched, sorted and paged on the server, with member
 * counts; make, rename, describe and delete groups, and choose their members.
 */
export function GroupsScreen({ organizationId, embedded = false }: GroupsScreenProps) {
  const list = useListState(groupList);
  const variables = { organizationId, ...list.variables };
  const { table } = useListQuery(useGroupListQuery, GroupListDocument, { ...list, variables }, (answer) => answer.groups);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const [membersOf, setMembersOf] = useState<Group | null>(null);
  const [deleteGroup] = useGroupDeleteMutation({ update: (cache) => dropListPages(cache, 'groups') });

  const columns = useMemo<DataTableColumn<Group>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <Text fontWeight="medium" data-testid="group-name">
            {row.original.name}
          </Text>
        ),
      },
      {
        id: 'description',
        accessorFn: (group) => group.description ?? '',
        header: 'Description',
        cell: ({ row }) => (
          <Text color="fg.muted" lineClamp={2} maxW="28rem" minW="12rem">
            {row.original.description}
          </Text>
        ),
      },
      { id: 'members', accessorKey: 'memberCount', header: 'Members', meta: { numeric: true } },
      {
        id: 'created',
        accessorFn: (group) => formatDateTime(group.createdAt),
        header: 'Created',
        cell: ({ row }) => <Text whiteSpace="nowrap">{formatDateTime(row.original.createdAt)}</Text>,
      },
      {
        id: 'actions',
        header: 'Actions',
        meta: { csv: false },
        cell: ({ row }) => (
          <HStack gap="1" justify="flex-end">
            <RowActionButton
              variant="ghost"
              icon={<LuUsers aria-hidden />}
              aria-label={`Members of ${row.original.name}`}
              onClick={() => setMembersOf(row.original)}
            >
              Members
            </RowActionButton>
            <RowActionButton
              variant="ghost"
              icon={<LuPencil aria-hidden />}
              aria-label={`Edit ${row.original.name}`}
              onClick={() => setEditing({ mode: 'edit', group: row.original })}
            >
              Edit
            </RowActionButton>
            <RowActionButton
              variant="ghost"
              colorPalette="red"
              icon={<LuTrash2 aria-hidden />}
              aria-label={`Delete ${row.original.name}`}
              onClick={() => setDeleting(row.original)}
            >
              Delete
            </RowActionButton>
          </HStack>
        ),
      },
    ],
    [],
  );

  const newGroup = (
    <Button colorPalette="brand" onClick={() => setEditing({ mode: 'create' })} data-testid="group-new">
      <LuPlus aria-hidden /> New group
    </Button>
  );

  async function confirmDelete(group: Group) {
    const answer = await deleteGroup({ variables: { input: { id: group.id } } });
    throwIfRefused(answer.data?.deleteGroup);
    toaster.success({ title: `${group.name} was deleted` });
  }

  return (
    <Stack gap="4">
      {!embedded && <PageHeader title={menuEntryName(groupManagementPath)} />}
      <HStack justify="space-between" align="center" wrap="wrap" gap="3">
        <Text color="fg.muted" maxW="40rem">
          Groups gather the people who take the same kind of work, such as support tickets or incidents.
        </Text>
        {newGroup}
      </HStack>
      <DataTable
        label="Groups"
        columns={columns}
        {...table}
        getRowId={(group) => group.id}
        getRowLabel={(group) => group.name}
        empty={{ title: 'No groups yet', description: 'Make the first group, then choose its members.', action: newGroup }}
        search={{ label: 'Search groups', placeholder: 'Name or description' }}
        testId="group-table"
      />
      {editing && (
        <GroupEditorDialog
          organizationId={organizationId}
          group={editing.mode === 'edit' ? editing.group : undefined}
          onClose={() => setEditing(null)}
          onSaved={(group, created) => {
            setEditing(null);
            toaster.success({
              title: created ? `${group.name} was created` : `${group.name} was saved`,
              description: created ? 'Choose its members with the Members button in its row.' : undefined,
            });
          }}
        />
      )}
      {membersOf && <GroupMembersDialog group={membersOf} organizationId={organizationId} onClose={() => setMembersOf(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete group"
        confirmLabel="Delete group"
        destructive
        onConfirm={() => confirmDelete(deleting!)}
        onClose={() => setDeleting(null)}
        testId="group-delete-dialog"
      >
        Delete {deleting?.name}? Its {deleting?.memberCount === 1 ? 'member stays' : 'members stay'} in the organization; only the group
        goes.
      </ConfirmDialog>
    </Stack>
  );
}
