import { Badge } from '@chakra-ui/react';
import type { UserStatus } from '@/generated/graphql';

const LOOK: Record<UserStatus, { label: string; palette: string }> = {
  ACTIVE: { label: 'Active', palette: 'green' },
  INVITED: { label: 'Invited', palette: 'orange' },
  AWAITING_APPROVAL: { label: 'Awaiting approval', palette: 'purple' },
  DISABLED: { label: 'Disabled', palette: 'gray' },
};

export const STATUS_LABELS: Record<UserStatus, string> = {
  ACTIVE: LOOK.ACTIVE.label,
  INVITED: LOOK.INVITED.label,
  AWAITING_APPROVAL: LOOK.AWAITING_APPROVAL.label,
  DISABLED: LOOK.DISABLED.label,
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { label, palette } = LOOK[status];
  return (
    <Badge colorPalette={palette} variant="subtle" data-testid="user-status">
      {label}
    </Badge>
  );
}
