import { Badge } from '@chakra-ui/react';
import type { InvitationStatus } from '@/generated/graphql';
import { INVITATION_STATUS_LABELS } from '@/lib/labels';

const PALETTE: Record<InvitationStatus, string> = {
  PENDING: 'orange',
  ACCEPTED: 'green',
  EXPIRED: 'gray',
  REVOKED: 'red',
  DEACTIVATED: 'red',
};

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" data-testid="invitation-status">
      {INVITATION_STATUS_LABELS[status]}
    </Badge>
  );
}
