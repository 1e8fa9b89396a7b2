import { HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuBan, LuCopy, LuSend } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable, FilterSelect, RowActionButton, type DataTableColumn } from '@/components/DataTable';
import {
  InvitationListDocument,
  useInvitationListQuery,
  useInvitationResendMutation,
  useInvitationRevokeMutation,
  type InvitationFieldsFragment,
  type UserErrorFieldsFragment,
} from '@/generated/graphql';
import { copyText } from '@/lib/clipboard';
import { formatDateTime } from '@/lib/dates';
import { dropListPages } from '@/lib/listCache';
import { errorMessage } from '@/lib/requestErrors';
import { toastFailure } from '@/lib/toastFailure';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { INVITATION_STATUS_LABELS, InvitationStatusBadge } from '@/features/users/components/InvitationStatusBadge';
import { INVITATION_STATUSES, invitationList } from '@/features/users/userList';

type Invitation = InvitationFieldsFragment;

const nameOf = (invitation: Invitation) => `${invitation.firstName} ${invitation.lastName}`.trim();

/** The payload's first error as a toast; true when there was none. */
function succeeded(errors: readonly UserErrorFieldsFragment[] | undefined, title: string): boolean {
  const [error] = errors ?? [];
  if (error) toaster.error({ title, description: errorMessage(error), closable: true });
  return !error;
}

/**
 * The invitations of the organisation: who was invited when, whether the link is still pending,
 * was accepted, expired or revoked; sending one again (the earlier link stops working), copying a
 * fresh link to pass on (after saying that the mailed link stops working), and revoking a pending one.
 */
export function InvitationsPanel({ organizationId }: { organizationId?: string }) {
  const list = useListState(invitationList);
  const variables = { ...list.variables, organizationId };
  const { table } = useListQuery(useInvitationListQuery, InvitationListDocument, { ...list, variables }, (answer) => answer.invitations);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  // A copied link replaces the mailed one, which the invited person may be about to open: asked first.
  const [copying, setCopying] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // A new link is a new invitation row, and the person's status and seats change with it.
  const refresh = {
    update: (cache: Parameters<typeof dropListPages>[0]) => {
      dropListPages(cache, 'invitations');
      dropListPages(cache, 'users');
      dropListPages(cache, 'userSeats');
    },
  };
  const [resend] = useInvitationResendMutation(refresh);
  const [revoke] = useInvitationRevokeMutation(refresh);

  async function sendAgain(invitation: Invitation, sendMail: boolean) {
    setBusy(`${invitation.id}-${sendMail ? 'mail' : 'copy'}`);
    try {
      const answer = (await resend({ variables: { organizationId, input: { userId: invitation.userId, sendMail } } })).data
        ?.resendInvitation;
      if (!succeeded(answer?.errors, 'The invitation was not sent')) return;
      if (sendMail) {
        toaster.success({
          title: 'Invitation sent again',
          description: `${invitation.email} has a new link; the earlier one no longer works.`,
        });
      } else if (answer?.link && (await copyText(answer.link))) {
        toaster.success({ title: 'Link copied', description: `A new link for ${invitation.email}; the earlier one no longer works.` });
      } else {
        toaster.error({
          title: 'The link could not be copied',
          description: 'Your browser did not allow it. Send the invitation by mail instead.',
        });
      }
    } catch (failure) {
      toastFailure('The invitation was not sent', failure);
    } finally {
      setBusy(null);
    }
  }

  const columns = useMemo<DataTableColumn<Invitation>[]>(
    () => [
      {
        id: 'name',
        header: 'Invited person',
        accessorFn: nameOf,
        // The email under the name leaves room for the actions on a laptop's screen.
        cell: ({ row }) => (
          <Stack gap="0">
            <Text>{nameOf(row.original)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {row.original.email}
            </Text>
          </Stack>
        ),
        meta: { csv: (invitation) => `${nameOf(invitation)} <${invitation.email}>` },
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
        cell: ({ row }) => {
          const invitation = row.original;
          if (invitation.status === 'ACCEPTED') return null;
          const name = nameOf(invitation);
          return (
            <HStack gap="2">
              <RowActionButton
                variant="outline"
                icon={<LuSend aria-hidden />}
                aria-label={`Resend the invitation to ${name}`}
                loading={busy === `${invitation.id}-mail`}
                onClick={() => void sendAgain(invitation, true)}
                data-testid="invitation-resend"
              >
                Resend
              </RowActionButton>
              <RowActionButton
                variant="outline"
                icon={<LuCopy aria-hidden />}
                aria-label={`Copy link: a new invitation link for ${name}`}
                loading={busy === `${invitation.id}-copy`}
                onClick={() => setCopying(invitation)}
                data-testid="invitation-copy"
              >
                Copy link
              </RowActionButton>
              {invitation.status === 'PENDING' && (
                <RowActionButton
                  variant="outline"
                  colorPalette="red"
                  icon={<LuBan aria-hidden />}
                  aria-label={`Revoke the invitation of ${name}`}
                  onClick={() => setRevoking(invitation)}
                  data-testid="invitation-revoke"
                >
                  Revoke
                </RowActionButton>
              )}
            </HStack>
          );
        },
      },
    ],
    // sendAgain reads only state setters and the mutation, which keep their identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [busy],
  );

  return (
    <>
      <DataTable
        label="Invitations"
        columns={columns}
        {...table}
        getRowId={(invitation) => invitation.id}
        getRowLabel={nameOf}
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
      <ConfirmDialog
        open={copying !== null}
        title="Copy a new link instead?"
        confirmLabel="Copy a new link"
        onClose={() => setCopying(null)}
        onConfirm={() => (copying ? sendAgain(copying, false) : Promise.resolve())}
        testId="invitation-copy-confirm"
      >
        {copying &&
          `The link emailed to ${copying.email} stops working, and a new one is copied for you to pass on to ${nameOf(copying)} yourself.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke the invitation?"
        confirmLabel="Revoke invitation"
        destructive
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          const answer = (await revoke({ variables: { organizationId, input: { userId: revoking.userId } } })).data?.revokeInvitation;
          if (succeeded(answer?.errors, 'The invitation was not revoked')) {
            toaster.success({
              title: 'Invitation revoked',
              description: `${revoking.email} can no longer use the link, and their seat is free.`,
            });
          }
        }}
      >
        {revoking &&
          `${nameOf(revoking)} (${revoking.email}) will no longer be able to use the link, and their account is deactivated, freeing its seat. You can invite them again later.`}
      </ConfirmDialog>
    </>
  );
}
