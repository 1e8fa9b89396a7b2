import { Box, Stack, Text } from '@chakra-ui/react';

/** Seats taken of the seats a product's live licences give, as words and a bar. */
export function SeatBar({ used, capacity }: { used: number; capacity: number }) {
  if (capacity === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        No live licence: {used} {used === 1 ? 'person holds' : 'people hold'} a role
      </Text>
    );
  }
  const share = Math.min(1, used / capacity);
  const colour = used >= capacity ? 'red.solid' : share >= 0.9 ? 'orange.solid' : 'brand.solid';
  return (
    <Stack gap="1" minW="9rem">
      <Text fontSize="sm" whiteSpace="nowrap">
        {used} of {capacity} seats
      </Text>
      <Box
        role="progressbar"
        aria-label={`${used} of ${capacity} seats used`}
        aria-valuemin={0}
        aria-valuemax={capacity}
        aria-valuenow={Math.min(used, capacity)}
        height="2"
        bg="bg.emphasized"
        rounded="full"
        overflow="hidden"
      >
        <Box height="full" width={`${share * 100}%`} bg={colour} rounded="full" />
      </Box>
    </Stack>
  );
}
