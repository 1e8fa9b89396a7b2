import { Badge } from '@chakra-ui/react';
import type { UserStatus } from '@/generated/graphql';
import { USER_STATUS_LABELS } from '@/lib/labels';

const PALETTE: Record<UserStatus, string> = {
  ACTIVE: 'green',
  INVITED: 'orange',
  AWAITING_APPROVAL: 'purple',
  DISABLED: 'gray',
  DELETED: 'red',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" data-testid="user-status">
      {USER_STATUS_LABELS[status]}
    </Badge>
  );
}
