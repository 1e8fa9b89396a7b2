import { Button, Stack, Text } from '@chakra-ui/react';
import { LuSend } from 'react-icons/lu';
import { formatDateTime } from '@/lib/dates';
import { expiryOf } from '@/features/subscriptions/expiry';

type Props = {
  /** Names the licence for a screen reader: "Yozy Web Web Business". */
  label: string;
  validTill: string;
  isActive: boolean;
  /** When renewal was asked for, while the provider has not answered. */
  renewalRequestedAt: string | null | undefined;
  onRequest: () => void;
};

/** An organisation admin's way to ask the provider to renew a licence near or past its end, or when they asked. */
export function RenewalCell({ label, validTill, isActive, renewalRequestedAt, onRequest }: Props) {
  if (renewalRequestedAt) {
    // Two short lines keep the column narrow beside the seats.
    return (
      <Stack gap="0" fontSize="sm" color="fg.muted" data-testid="licence-renewal-requested">
        <Text whiteSpace="nowrap">Renewal requested</Text>
        <Text whiteSpace="nowrap">{formatDateTime(renewalRequestedAt)}</Text>
      </Stack>
    );
  }
  if (!isActive || expiryOf(validTill).state === 'fine') return null;
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="brand"
      aria-label={`Request renewal of ${label}`}
      onClick={onRequest}
      data-testid="licence-request-renewal"
    >
      <LuSend aria-hidden />
      Request renewal
    </Button>
  );
}
