import { Badge, Box, DataList, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '@/components/BackLink';
import { FormAlert } from '@/components/FormAlert';
import { PageHeader } from '@/components/PageHeader';
import { useInvitationQuery } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { describeRequestError } from '@/lib/requestErrors';
import { InvitationStatusBadge } from '@/features/users/components/InvitationStatusBadge';
import { invitationPath, invitationsPath } from '@/features/users/urls';
import { invitedName, useInvitationActions } from './useInvitationActions';

type Props = {
  /** The organisation, when the provider opens it on an organisation's user tab; the viewer's own otherwise. */
  organizationId?: string;
  /** Shown inside the organisation's page: its heading is not the page's. */
  embedded?: boolean;
};

const isInvitationId = (value: string | undefined): value is string => value !== undefined && /^\d{1,10}$/.test(value);

/**
 * One invitation at its own address: who was invited, with which roles, where it stands, when it
 * was sent and when its link stops working, with its actions. Another organisation's invitation,
 * or one a newer invitation replaced, is not found.
 */
export function InvitationView({ organizationId, embedded = false }: Props) {
  const { invitationId } = useParams();
  const navigate = useNavigate();
  const wellFormed = isInvitationId(invitationId);
  const { data, loading, error } = useInvitationQuery({ variables: { id: invitationId ?? '', organizationId }, skip: !wellFormed });
  // Sending again makes a new invitation: its page is the one to stay on.
  const { buttons, dialogs } = useInvitationActions(organizationId, {
    onResent: (invitation) => void navigate(invitationPath(invitation.id, organizationId), { replace: true }),
  });
  const invitation = data?.invitation;
  const back = <BackLink to={invitationsPath(organizationId)}>Back to the invitations</BackLink>;
  const heading = (title: string) =>
    embedded ? (
      <Heading as="h2" size="lg" mb="4" data-testid="invitation-title">
        {title}
      </Heading>
    ) : (
      <PageHeader title={title} eyebrow={back} />
    );

  if (wellFormed && loading && !invitation) {
    return (
      <Stack gap="3" role="status" aria-label="Loading the invitation">
        <Skeleton height="8" width="40%" />
        <Skeleton height="32" />
      </Stack>
    );
  }
  if (wellFormed && error) {
    return (
      <Stack gap="4">
        {embedded && back}
        <FormAlert message={describeRequestError(error)} testId="invitation-error" />
      </Stack>
    );
  }
  if (!invitation) {
    return (
      <Box data-testid="invitation-not-found">
        {embedded && back}
        {heading('Invitation not found')}
        <Text>
          {wellFormed
            ? 'There is no such invitation in this organization: it may have been replaced by a newer one when it was sent again. Find the person in the invitations list.'
            : 'This address does not name an invitation: check it, or find the person in the invitations list.'}
        </Text>
      </Box>
    );
  }

  const items: [string, ReactNode][] = [
    ['Email', invitation.email],
    [
      'Role',
      invitation.roles.length === 0 ? (
        <Text color="fg.muted">No role on any product</Text>
      ) : (
        <HStack gap="1.5" wrap="wrap">
          {invitation.roles.map((role) => (
            <Badge key={`${role.productId}-${role.roleId}`} variant="outline">
              {`${role.productName}: ${role.roleName}`}
            </Badge>
          ))}
        </HStack>
      ),
    ],
    ['Status', <InvitationStatusBadge key="status" status={invitation.status} />],
    ['Sent', formatDateTime(invitation.sentAt)],
    ['Expires', formatDateTime(invitation.expiresAt)],
  ];

  return (
    <Stack gap="6" data-testid="invitation-page">
      {embedded && back}
      {heading(`Invitation of ${invitedName(invitation)}`)}
      <DataList.Root orientation="horizontal" size="md" data-testid="invitation-details">
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="7rem">{label}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {buttons(invitation, 'sm') ?? <Text color="fg.muted">Accepted: the person chose a password, so there is nothing left to do.</Text>}
      {dialogs}
    </Stack>
  );
}

/** The organisation admin's own invitation page (/UserManagement/invitations/{id}). */
export default function OwnInvitationView() {
  return <InvitationView />;
}
