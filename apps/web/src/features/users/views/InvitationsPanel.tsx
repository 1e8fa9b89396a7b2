import { Link, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, FilterSelect, type DataTableColumn } from '@/components/DataTable';
import { InvitationListDocument, useInvitationListQuery, type InvitationFieldsFragment } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { INVITATION_STATUS_LABELS } from '@/lib/labels';
import { InvitationStatusBadge } from '@/features/users/components/InvitationStatusBadge';
import { invitationPath } from '@/features/users/urls';
import { INVITATION_STATUSES, invitationList } from '@/features/users/userList';
import { invitedName, useInvitationActions } from './useInvitationActions';

type Invitation = InvitationFieldsFragment;

/**
 * The invitations of the organisation: who was invited when, whether the link is still pending,
 * was accepted, expired or revoked; each opens at its own address, and the actions of
 * useInvitationActions (resend, copy a fresh link, revoke) are on every row.
 */
export function InvitationsPanel({ organizationId }: { organizationId?: string }) {
  const list = useListState(invitationList);
  const variables = { ...list.variables, organizationId };
  const { table } = useListQuery(useInvitationListQuery, InvitationListDocument, { ...list, variables }, (answer) => answer.invitations);
  const { buttons, dialogs, busy } = useInvitationActions(organizationId);

  const columns = useMemo<DataTableColumn<Invitation>[]>(
    () => [
      {
        id: 'name',
        header: 'Invited person',
        accessorFn: invitedName,
        // The email under the name leaves room for the actions on a laptop's screen.
        cell: ({ row }) => (
          <Stack gap="0">
            <Link asChild color="brand.fg" fontWeight="medium" data-testid="invitation-open">
              <RouterLink to={invitationPath(row.original.id, organizationId)}>{invitedName(row.original)}</RouterLink>
            </Link>
            <Text fontSize="sm" color="fg.muted">
              {row.original.email}
            </Text>
          </Stack>
        ),
        meta: { csv: (invitation) => `${invitedName(invitation)} <${invitation.email}>` },
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (invitation) => INVITATION_STATUS_LABELS[invitation.status],
        cell: ({ row }) => <InvitationStatusBadge status={row.original.status} />,
      },
      {
        id: 'sent',
        header: 'Sent',
        accessorFn: (invitation) => invitation.sentAt,
        cell: ({ getValue }) => formatDateTime(getValue<string>()),
        meta: { csv: (invitation) => formatDateTime(invitation.sentAt) },
        sortDescFirst: true,
      },
      {
        id: 'expires',
        header: 'Expires',
        accessorFn: (invitation) => invitation.expiresAt,
        cell: ({ getValue }) => formatDateTime(getValue<string>()),
        meta: { csv: (invitation) => formatDateTime(invitation.expiresAt) },
      },
      {
        id: 'actions',
        header: 'Actions',
        meta: { csv: false },
        cell: ({ row }) => buttons(row.original),
      },
    ],
    // The buttons read only state setters and the mutations, which keep their identity, and `busy`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [busy, organizationId],
  );

  return (
    <>
      <DataTable
        label="Invitations"
        columns={columns}
        {...table}
        getRowId={(invitation) => invitation.id}
        getRowLabel={invitedName}
        empty={{ title: 'No invitations yet', description: 'People you invite show here until they choose their password.' }}
        search={{ label: 'Search invitations', placeholder: 'Name or email' }}
        filters={
          <FilterSelect
            label="Invitation status"
            value={list.filter.status ?? ''}
            options={[['', 'All invitations'], ...INVITATION_STATUSES.map((status) => [status, INVITATION_STATUS_LABELS[status]] as const)]}
            onChange={(status) => list.setFilter('status', status || null)}
            testId="invitation-status-filter"
          />
        }
        testId="invitations-table"
      />
      {dialogs}
    </>
  );
}
