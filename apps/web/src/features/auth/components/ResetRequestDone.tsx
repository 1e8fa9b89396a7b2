import { Button, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuMailCheck } from 'react-icons/lu';
import { resetRequestedText } from '@/features/auth/accountMessages';
import { BackLink } from '@/components/BackLink';
import { loginPath } from '@/features/auth/urls';

type Props = { email: string; onAgain: () => void };

/** The one answer to a reset request, whether or not the account exists. */
export function ResetRequestDone({ email, onAgain }: Props) {
  return (
    <Stack gap="5">
      <HStack gap="3" align="start" role="status" aria-live="polite">
        <Icon as={LuMailCheck} boxSize="6" color="brand.solid" flexShrink={0} mt="0.5" aria-hidden />
        <Text data-testid="reset-request-done">{resetRequestedText(email)}</Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        No mail after a few minutes? Check your spam folder, or try again.
      </Text>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <BackLink to={loginPath}>Back to sign in</BackLink>
        <Button variant="ghost" size="sm" colorPalette="brand" onClick={onAgain} data-testid="reset-request-again">
          Use another email
        </Button>
      </HStack>
    </Stack>
  );
}
