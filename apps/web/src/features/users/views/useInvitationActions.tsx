import { Button, HStack, type ButtonProps } from '@chakra-ui/react';
import { RowActionButton } from '@/components/DataTable';
import { useState, type ReactNode } from 'react';
import { LuBan, LuCopy, LuSend, LuUserCheck } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useInvitationResendMutation, useInvitationRevokeMutation, type InvitationFieldsFragment } from '@/generated/graphql';
import { copyText } from '@/lib/clipboard';
import { dropListPages } from '@/lib/listCache';
import { toastFailure, toastIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';

type Invitation = InvitationFieldsFragment;

export const invitedName = (invitation: Pick<Invitation, 'firstName' | 'lastName'>) =>
  `${invitation.firstName} ${invitation.lastName}`.trim();

type Options = {
  /** A new link is a new invitation, with a new id: the page of the old one follows it there. */
  onResent?: (invitation: Invitation) => void;
};

/**
 * What an administrator does with an invitation, in the list and on its own page alike: send it
 * again (the earlier link stops working), copy a fresh link to pass on (after saying that the
 * mailed link stops working), and revoke a pending one (asked first). `buttons` are one
 * invitation's; `dialogs` go once beside them.
 */
export function useInvitationActions(
  organizationId: string | undefined,
  { onResent }: Options = {},
): { buttons: (invitation: Invitation, size?: 'xs' | 'sm') => ReactNode; dialogs: ReactNode; busy: string | null } {
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  // Activating takes a seat again, so the person, the seat and the new mail are named first.
  const [activating, setActivating] = useState<Invitation | null>(null);
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

  async function sendAgain(invitation: Invitation, sendMail: boolean, activate = false) {
    setBusy(`${invitation.id}-${sendMail ? 'mail' : 'copy'}`);
    try {
      const answer = (await resend({ variables: { organizationId, input: { userId: invitation.userId, sendMail, activate } } })).data
        ?.resendInvitation;
      if (!toastIfRefused(answer, activate ? `${invitedName(invitation)} was not activated` : 'The invitation was not sent')) return;
      if (activate) {
        toaster.success({
          title: `${invitedName(invitation)} is active again`,
          description: `They take their seat again, and ${invitation.email} has a new invitation link.`,
        });
      } else if (sendMail) {
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
      if (answer?.invitation) onResent?.(answer.invitation);
    } catch (failure) {
      toastFailure('The invitation was not sent', failure);
    } finally {
      setBusy(null);
    }
  }

  const buttons = (invitation: Invitation, size: 'xs' | 'sm' = 'xs') => {
    if (invitation.status === 'ACCEPTED') return null;
    const name = invitedName(invitation);
    // In a list row the kit's button, which keeps only its icon on a phone; on the invitation's page, words too.
    const action = (
      icon: ReactNode,
      label: string,
      props: Omit<ButtonProps, 'aria-label'> & { 'aria-label': string; 'data-testid': string },
    ) =>
      size === 'xs' ? (
        <RowActionButton icon={icon} variant="outline" {...props}>
          {label}
        </RowActionButton>
      ) : (
        <Button size={size} variant="outline" {...props}>
          {icon}
          {label}
        </Button>
      );
    // A deactivated person is never invited again by a side door: only by activating them, asked first.
    if (invitation.personStatus === 'DISABLED') {
      return (
        <HStack gap="2" wrap="wrap">
          {action(<LuUserCheck aria-hidden />, 'Activate and resend', {
            'aria-label': `Activate ${name} and send the invitation again`,
            loading: busy === `${invitation.id}-mail`,
            onClick: () => setActivating(invitation),
            'data-testid': 'invitation-activate-resend',
          })}
        </HStack>
      );
    }
    if (invitation.personStatus !== 'INVITED') return null;
    return (
      <HStack gap="2" wrap="wrap">
        {action(<LuSend aria-hidden />, 'Resend', {
          'aria-label': `Resend the invitation to ${name}`,
          loading: busy === `${invitation.id}-mail`,
          onClick: () => void sendAgain(invitation, true),
          'data-testid': 'invitation-resend',
        })}
        {action(<LuCopy aria-hidden />, 'Copy link', {
          'aria-label': `Copy link: a new invitation link for ${name}`,
          loading: busy === `${invitation.id}-copy`,
          onClick: () => setCopying(invitation),
          'data-testid': 'invitation-copy',
        })}
        {invitation.status === 'PENDING' &&
          action(<LuBan aria-hidden />, 'Revoke', {
            colorPalette: 'red',
            'aria-label': `Revoke the invitation of ${name}`,
            onClick: () => setRevoking(invitation),
            'data-testid': 'invitation-revoke',
          })}
      </HStack>
    );
  };

  const dialogs = (
    <>
      <ConfirmDialog
        open={activating !== null}
        title="Activate and send the invitation again?"
        confirmLabel="Activate and resend"
        onClose={() => setActivating(null)}
        onConfirm={() => (activating ? sendAgain(activating, true, true) : Promise.resolve())}
        testId="invitation-activate-confirm"
      >
        {activating &&
          `${invitedName(activating)} (${activating.email}) is deactivated. Activating them takes a seat on each product they hold a role for, and a new invitation link is mailed to them; earlier links stay void.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={copying !== null}
        title="Copy a new link instead?"
        confirmLabel="Copy a new link"
        onClose={() => setCopying(null)}
        onConfirm={() => (copying ? sendAgain(copying, false) : Promise.resolve())}
        testId="invitation-copy-confirm"
      >
        {copying &&
          `The link emailed to ${copying.email} stops working, and a new one is copied for you to pass on to ${invitedName(copying)} yourself.`}
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
          if (toastIfRefused(answer, 'The invitation was not revoked')) {
            toaster.success({
              title: 'Invitation revoked',
              description: `${revoking.email} can no longer use the link, and their seat is free.`,
            });
          }
        }}
      >
        {revoking &&
          `${invitedName(revoking)} (${revoking.email}) will no longer be able to use the link, and their account is deactivated, freeing its seat. You can invite them again later.`}
      </ConfirmDialog>
    </>
  );

  return { buttons, dialogs, busy };
}
