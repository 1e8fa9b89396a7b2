import { useState, type ReactNode } from 'react';
import { LuCircleCheck, LuCircleX, LuLogOut, LuSend, LuUserCheck, LuUserX } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import type { BulkAction } from '@/components/DataTable';
import {
  useInvitationResendMutation,
  useUsersDecideApprovalMutation,
  useUsersSetActiveMutation,
  useUsersSignOutMutation,
  type UserErrorFieldsFragment,
  type UserFieldsFragment,
} from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { errorMessage } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';
import { sessionsEndedMessage } from '@/lib/sessionOutcomes';
import { activationMessage } from '@/features/users/personOutcomes';
import { CurrentAllocationsNotice } from './CurrentAllocationsNotice';

type User = UserFieldsFragment;
type Pending = { kind: 'deactivate' | 'signOut' | 'decline'; users: User[] };

/** People of these statuses. */
const is =
  (...statuses: User['status'][]) =>
  (user: User) =>
    statuses.includes(user.status);

const names = (users: readonly User[]) => (users.length === 1 ? `${users[0]!.firstName} ${users[0]!.lastName}` : `${users.length} people`);

/** The payload's first error as a toast; true when there was none. */
function succeeded(errors: readonly UserErrorFieldsFragment[] | undefined, title: string): boolean {
  const [error] = errors ?? [];
  if (error) toaster.error({ title, description: errorMessage(error), closable: true });
  return !error;
}

// Status, seats and invitations all change with these: every cached page of them is stale.
const refresh = {
  update: (cache: Parameters<typeof dropListPages>[0]) => {
    dropListPages(cache, 'users');
    dropListPages(cache, 'userSeats');
    dropListPages(cache, 'invitations');
  },
};

/** What each confirmed action says before it is done. */
const CONFIRM = {
  deactivate: {
    verb: 'Deactivate',
    body: 'They can no longer sign in, every session of theirs ends at once, and their seats are free for others. You can activate them again later.',
  },
  signOut: { verb: 'Sign out', body: 'Every session of theirs ends at once: they must sign in again.' },
  decline: {
    verb: 'Decline',
    body: 'Their accounts are deleted and their seats free; nobody is mailed. The provider can add them again.',
  },
} as const;

/**
 * What an administrator can do with the selected rows of the users list: activate (taking seats),
 * deactivate and sign out (both asked first: they end sessions at once), and send invitations again.
 * In their own organisation's list, its admins also approve or decline the people awaiting approval.
 */
export function useUserBulkActions(organizationId: string | undefined): { bulkActions: BulkAction<User>[]; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const [setActive] = useUsersSetActiveMutation(refresh);
  const [signOut] = useUsersSignOutMutation(refresh);
  const [resend] = useInvitationResendMutation(refresh);
  const [decide] = useUsersDecideApprovalMutation(refresh);
  // The provider, looking at an organisation's people, does not decide for it.
  const ownOrganization = organizationId === undefined;

  async function decideOn(users: User[], approve: boolean) {
    const userIds = users.map((user) => user.id);
    const answer = (await decide({ variables: { input: { userIds, approve } } })).data?.decideUserApproval;
    if (succeeded(answer?.errors, approve ? 'Nobody was approved' : 'Nobody was declined')) {
      toaster.success({
        title: approve ? `${names(users)} approved` : `${names(users)} declined`,
        description: approve ? 'Each gets the mail to choose a password.' : 'Their accounts are deleted and their seats free.',
      });
    }
  }

  async function activate(users: User[], active: boolean) {
    const userIds = users.map((user) => user.id);
    const answer = (await setActive({ variables: { organizationId, input: { userIds, active } } })).data?.setUsersActive;
    const verb = active ? 'activated' : 'deactivated';
    if (succeeded(answer?.errors, `Nobody was ${verb}`)) toaster.success(activationMessage(names(users), users.length, active));
  }

  async function resendInvitations(invited: User[]) {
    let sent = 0;
    for (const user of invited) {
      const answer = (await resend({ variables: { organizationId, input: { userId: user.id } } })).data?.resendInvitation;
      if (succeeded(answer?.errors, `The invitation to ${user.email} was not sent`)) sent++;
    }
    if (sent > 0) toaster.success({ title: `${sent} ${sent === 1 ? 'invitation' : 'invitations'} sent again` });
  }

  const bulkActions: BulkAction<User>[] = [
    { label: 'Activate', icon: <LuUserCheck aria-hidden />, appliesTo: is('DISABLED'), onAction: (users) => activate(users, true) },
    {
      label: 'Deactivate',
      icon: <LuUserX aria-hidden />,
      tone: 'danger',
      appliesTo: (user) => user.status !== 'DISABLED' && user.status !== 'DELETED',
      onAction: (users) => setPending({ kind: 'deactivate', users }),
    },
    { label: 'Resend invitation', icon: <LuSend aria-hidden />, appliesTo: is('INVITED'), onAction: resendInvitations },
    {
      label: 'Sign out',
      icon: <LuLogOut aria-hidden />,
      tone: 'danger',
      appliesTo: is('ACTIVE', 'INVITED'),
      onAction: (users) => setPending({ kind: 'signOut', users }),
    },
    ...(ownOrganization
      ? ([
          {
            label: 'Approve',
            icon: <LuCircleCheck aria-hidden />,
            appliesTo: is('AWAITING_APPROVAL'),
            onAction: (users) => decideOn(users, true),
          },
          {
            label: 'Decline',
            icon: <LuCircleX aria-hidden />,
            tone: 'danger',
            appliesTo: is('AWAITING_APPROVAL'),
            onAction: (users) => setPending({ kind: 'decline', users }),
          },
        ] satisfies BulkAction<User>[])
      : []),
  ];

  const confirm = CONFIRM[pending?.kind ?? 'signOut'];
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={`${confirm.verb} ${names(pending?.users ?? [])}?`}
      confirmLabel={confirm.verb}
      destructive
      onClose={() => setPending(null)}
      onConfirm={async () => {
        if (!pending) return;
        if (pending.kind === 'deactivate') return activate(pending.users, false);
        if (pending.kind === 'decline') return decideOn(pending.users, false);
        const userIds = pending.users.map((user) => user.id);
        const answer = (await signOut({ variables: { organizationId, input: { userIds } } })).data?.signOutUsers;
        if (succeeded(answer?.errors, 'Nobody was signed out')) {
          toaster.success(
            sessionsEndedMessage({
              kind: 'person',
              person: names(pending.users),
              people: pending.users.length,
              count: answer?.sessionsEnded ?? 0,
            }),
          );
        }
      }}
      testId="users-confirm"
    >
      {confirm.body}
      {pending?.kind === 'deactivate' && <CurrentAllocationsNotice people={pending.users} organizationId={organizationId} />}
    </ConfirmDialog>
  );
  return { bulkActions, dialog };
}
