import { Button, Center, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { LuBuilding2, LuLock } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

type Props = { reason: 'not-found' | 'forbidden'; listPath: string };

const COPY = {
  'not-found': {
    icon: LuBuilding2,
    title: 'Organization not found',
    message: 'No organization has this address. It may have been removed, or the link may be incomplete.',
  },
  forbidden: {
    icon: LuLock,
    title: 'You cannot open this organization',
    message: 'Your account may only see its own organization. Ask a provider administrator if you need access.',
  },
} as const;

/** Instead of an organisation's page when the address names none the viewer may see. */
export function OrganizationUnavailable({ reason, listPath }: Props) {
  const copy = COPY[reason];
  return (
    <Center py={{ base: '12', md: '20' }} px="4" data-testid={`organization-${reason}`}>
      <Stack align="center" gap="3" maxW="md" textAlign="center">
        <Center boxSize="14" rounded="full" bg="bg.muted" color="fg.muted">
          <Icon as={copy.icon} boxSize="7" aria-hidden />
        </Center>
        <Heading as="h1" size="xl" data-testid="page-title">
          {copy.title}
        </Heading>
        <Text color="fg.muted">{copy.message}</Text>
        <Button asChild mt="2" colorPalette="brand">
          <RouterLink to={listPath}>Go to the organization list</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
