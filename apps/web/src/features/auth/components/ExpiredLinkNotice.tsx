import { Button, Stack, Text } from '@chakra-ui/react';
import { LuLogIn } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { EXPIRED_LINK_MESSAGE } from '@/features/auth/accountMessages';
import { loginPath } from '@/features/auth/urls';
import { AuthCard } from '@/components/AuthCard';

type Props = {
  testId: string;
  /** What happened to the link; the specification's words for an expired one unless said. */
  title?: string;
  /** What the person can do about it. */
  advice: string;
  /** Whether the screen moves on to sign-in by itself. */
  redirecting?: boolean;
};

/** A link that is unknown, used, too old, or could not be checked (SPEC §2), or whose person is deactivated. */
export function ExpiredLinkNotice({ testId, title = EXPIRED_LINK_MESSAGE, advice, redirecting = false }: Props) {
  return (
    <AuthCard title={title} testId={testId}>
      <Stack gap="5" role="alert">
        <Text color="fg.muted">{advice}</Text>
        {redirecting && (
          <Text fontSize="sm" color="fg.muted">
            Taking you to sign in…
          </Text>
        )}
        <Button asChild colorPalette="brand" variant={redirecting ? 'outline' : 'solid'} width="full">
          <RouterLink to={loginPath} data-testid={`${testId}-login`}>
            <LuLogIn aria-hidden /> Go to sign in
          </RouterLink>
        </Button>
      </Stack>
    </AuthCard>
  );
}
