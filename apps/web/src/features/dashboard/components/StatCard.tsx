import { Card, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuChevronRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

type Props = {
  label: string;
  value: ReactNode;
  /** A line under the number: what it counts, or the screen the card opens. */
  detail?: ReactNode;
  icon: IconType;
  /** The screen with the rows behind the number, and its name. */
  to: string;
  destination: string;
  testId: string;
};

/** One number of the dashboard; the whole card is a link to the screen listing what it counts. */
export function StatCard({ label, value, detail, icon, to, destination, testId }: Props) {
  return (
    <Card.Root asChild size="sm" variant="outline" _hover={{ borderColor: 'brand.solid', bg: 'bg.muted' }} transition="background 0.15s">
      <RouterLink to={to} data-testid={testId}>
        <Card.Body>
          <HStack justify="space-between" align="start" gap="3">
            <Stack gap="1">
              <Text textStyle="sm" color="fg.muted" fontWeight="medium">
                {label}
              </Text>
              <Text textStyle="3xl" fontWeight="semibold" lineHeight="1.1" data-testid={`${testId}-value`}>
                {value}
              </Text>
              {detail && (
                <Text textStyle="xs" color="fg.muted">
                  {detail}
                </Text>
              )}
            </Stack>
            <Icon as={icon} boxSize="6" color="brand.fg" aria-hidden />
          </HStack>
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
