import { HStack, Stack, Text } from '@chakra-ui/react';
import { LuCircleAlert, LuTriangleAlert } from 'react-icons/lu';
import { formatDate } from '@/lib/dates';
import { expiryLabel, expiryOf } from '@/features/subscriptions/expiry';

/** The licence's last day, with a warning once it is near or past. */
export function ExpiryNote({ validTill }: { validTill: string }) {
  const expiry = expiryOf(validTill);
  return (
    <Stack gap="0.5">
      <Text whiteSpace="nowrap">{formatDate(validTill)}</Text>
      {expiry.state !== 'fine' && (
        <HStack
          gap="1"
          fontSize="sm"
          fontWeight="medium"
          color={expiry.state === 'expired' ? 'red.fg' : 'orange.fg'}
          data-testid="licence-expiry"
        >
          {expiry.state === 'expired' ? <LuCircleAlert aria-hidden /> : <LuTriangleAlert aria-hidden />}
          <Text as="span" whiteSpace="nowrap">
            {expiryLabel(expiry)}
          </Text>
        </HStack>
      )}
    </Stack>
  );
}
