import { Box, Card, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuArmchair, LuChevronRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

export type SeatUse = { productId: string; productName: string; capacity: number; used: number };

/** "11 of 50 seats used", or that there is no live licence to take a seat on. */
export function seatsText({ used, capacity }: SeatUse): string {
  if (capacity === 0) return `${used} in use, no active licence`;
  return `${used} of ${capacity} ${capacity === 1 ? 'seat' : 'seats'} used`;
}

/** Seats per product with a bar each, linking to the subscription screen where licences are. */
export function SeatsCard({ seats, to, destination }: { seats: readonly SeatUse[]; to: string; destination: string }) {
  return (
    <Card.Root asChild size="sm" variant="outline" _hover={{ borderColor: 'brand.solid', bg: 'bg.muted' }} transition="background 0.15s">
      <RouterLink to={to} data-testid="dashboard-seats">
        <Card.Body>
          <HStack justify="space-between" align="start" gap="3" mb="3">
            <Text textStyle="sm" color="fg.muted" fontWeight="medium">
              Seats
            </Text>
            <Icon as={LuArmchair} boxSize="6" color="brand.fg" aria-hidden />
          </HStack>
          {seats.length === 0 ? (
            <Text textStyle="sm">No licences yet</Text>
          ) : (
            <Stack gap="3">
              {seats.map((seat) => {
                const full = seat.capacity > 0 && seat.used >= seat.capacity;
                const share = seat.capacity === 0 ? (seat.used > 0 ? 1 : 0) : Math.min(1, seat.used / seat.capacity);
                return (
                  <Box key={seat.productId} data-testid="dashboard-seat">
                    <HStack justify="space-between" textStyle="sm" gap="2">
                      <Text fontWeight="medium">{seat.productName}</Text>
                      <Text color={full || seat.capacity === 0 ? 'fg.error' : 'fg'}>{seatsText(seat)}</Text>
                    </HStack>
                    <Box h="2" mt="1" rounded="full" bg="bg.emphasized" overflow="hidden" aria-hidden>
                      <Box h="full" w={`${share * 100}%`} bg={full || seat.capacity === 0 ? 'red.solid' : 'brand.solid'} rounded="full" />
                    </Box>
                  </Box>
                );
              })}
            </Stack>
          )}
        </Card.Body>
        <Card.Footer pt="0">
          <HStack gap="1" textStyle="xs" color="brand.fg" fontWeight="medium">
            <span>{destination}</span>
            <Icon as={LuChevronRight} aria-hidden />
          </HStack>
        </Card.Footer>
      </RouterLink>
    </Card.Root>
  );
}
