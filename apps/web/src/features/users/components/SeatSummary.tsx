import { Box, HStack, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { UserSeatsQuery } from '@/generated/graphql';

type Seats = UserSeatsQuery['userSeats'][number];

/** Seats used of capacity on each licensed product; nearly full licences stand out. */
export function SeatSummary({ seats, loading }: { seats: readonly Seats[] | undefined; loading: boolean }) {
  if (loading && !seats) return <Skeleton height="16" mb="5" rounded="lg" />;
  if (!seats) return null;
  if (seats.length === 0) {
    return (
      <Text mb="5" color="fg.muted" data-testid="seat-summary">
        This organization has no active licence, so nobody can be invited yet.
      </Text>
    );
  }
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3" mb="5" data-testid="seat-summary">
      {seats.map((product) => {
        const full = product.left === 0;
        const nearly = !full && product.left <= Math.max(1, Math.ceil(product.capacity * 0.1));
        return (
          <Box key={product.productId} borderWidth="1px" rounded="lg" bg="bg" px="4" py="3">
            <HStack justify="space-between" mb="2" gap="3">
              <Text fontWeight="semibold">{product.productName}</Text>
              <Text fontSize="sm" color={full ? 'fg.error' : nearly ? 'fg.warning' : 'fg.muted'} data-testid="seat-count">
                {product.used} of {product.capacity} seats used
              </Text>
            </HStack>
            {/* The words above say it; the bar only shows it at a glance. */}
            <Box aria-hidden h="1.5" rounded="full" bg="bg.emphasized" overflow="hidden">
              <Box
                h="full"
                rounded="full"
                bg={full ? 'red.solid' : nearly ? 'orange.solid' : 'brand.solid'}
                width={`${Math.min(100, (product.used / Math.max(product.capacity, 1)) * 100)}%`}
              />
            </Box>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
