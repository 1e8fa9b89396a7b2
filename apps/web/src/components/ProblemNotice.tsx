import { Button, Center, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { LuCircleAlert } from 'react-icons/lu';
import { usePageTitle } from '@/lib/pageTitle';

type Props = { title: string; message: string; actionLabel: string; onAction: () => void; fullPage?: boolean };

/** A friendly dead end with one way out (reload, retry). */
export function ProblemNotice({ title, message, actionLabel, onAction, fullPage = false }: Props) {
  usePageTitle(title);
  return (
    <Center as={fullPage ? 'main' : 'div'} minH={fullPage ? '100dvh' : '60vh'} px="6" role="alert">
      <Stack align="center" gap="3" maxW="md" textAlign="center">
        <Icon as={LuCircleAlert} boxSize="10" color="orange.500" aria-hidden />
        <Heading as="h1" size="lg" data-testid="page-title">
          {title}
        </Heading>
        <Text color="fg.muted">{message}</Text>
        <Button mt="2" colorPalette="brand" onClick={onAction}>
          {actionLabel}
        </Button>
      </Stack>
    </Center>
  );
}
