import { Center, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';

type Props = { icon: IconType; title: string; description: ReactNode; action?: ReactNode; role?: 'alert' | 'status'; testId: string };

/** What stands in place of the rows: an empty list, no match, or a failure, each with a way on. */
export function TableNotice({ icon, title, description, action, role, testId }: Props) {
  return (
    <Center borderWidth="1px" rounded="lg" bg="bg" px="6" py={{ base: '10', md: '14' }} role={role} data-testid={testId}>
      <Stack align="center" gap="3" maxW="md" textAlign="center">
        <Center boxSize="12" rounded="full" bg="bg.muted" color="fg.muted">
          <Icon as={icon} boxSize="6" aria-hidden />
        </Center>
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          {title}
        </Text>
        <Text color="fg.muted">{description}</Text>
        {action && <Stack mt="2">{action}</Stack>}
      </Stack>
    </Center>
  );
}
