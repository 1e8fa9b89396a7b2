import { Button, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { REDIRECT_COUNTDOWN_SECONDS } from '@yozy/shared';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCountdown } from '@/lib/useCountdown';
import { PageTitleSection } from '@/lib/pageTitle';
import { AuthCard } from './AuthCard';
import { PageHeader } from './PageHeader';

export const NO_SUCH_PAGE_TITLE = 'There is no such page';

type Props = {
  /** The address followed, as the person typed or followed it. */
  address: string;
  /** Where the person is sent on, and its name: "the sign-in page", "Dashboard". */
  target: string;
  targetName: string;
  /** `card` on a public page, `page` as a screen of the console, `section` under a page's own title (a tab). */
  variant: 'card' | 'page' | 'section';
};

/**
 * An address that leads nowhere: says so, naming it, then sends the person on to a page that
 * exists (the sign-in page, their landing page, the page's first tab) after a countdown, or at once
 * with the link.
 */
export function NoSuchPage({ address, target, targetName, variant }: Props) {
  const navigate = useNavigate();
  const left = useCountdown(REDIRECT_COUNTDOWN_SECONDS, true, () => navigate(target, { replace: true }));
  const body = (
    <Stack gap="4" align="flex-start" data-testid="no-such-page">
      <Text>
        Nothing in the console is at{' '}
        <Code overflowWrap="anywhere" data-testid="no-such-page-address">
          {address}
        </Code>
        . The address may be mistyped, or the page may have moved.
      </Text>
      <Text color="fg.muted" data-testid="no-such-page-countdown">
        Taking you to {targetName} in {left} {left === 1 ? 'second' : 'seconds'}.
      </Text>
      <Button asChild colorPalette="brand" size="sm">
        <RouterLink to={target} replace data-testid="no-such-page-go">
          Go to {targetName} now
        </RouterLink>
      </Button>
    </Stack>
  );
  if (variant === 'card') return <AuthCard title={NO_SUCH_PAGE_TITLE}>{body}</AuthCard>;
  if (variant === 'page') {
    return (
      <>
        <PageHeader title={NO_SUCH_PAGE_TITLE} />
        {body}
      </>
    );
  }
  // Under the page's own title, which stays in the page's name: "There is no such page · Platform Settings".
  return (
    <PageTitleSection title={NO_SUCH_PAGE_TITLE}>
      <Heading as="h2" size="lg" mb="3">
        {NO_SUCH_PAGE_TITLE}
      </Heading>
      {body}
    </PageTitleSection>
  );
}
