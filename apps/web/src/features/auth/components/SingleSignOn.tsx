import { Button, Stack, Text } from '@chakra-ui/react';
import { LuKeyRound } from 'react-icons/lu';

/** Why a single sign-on came back without a session (the gateway's `/login?sso=<reason>`). */
export const SSO_FAILURE_MESSAGES: Record<string, string> = {
  expired: 'Single sign-on took too long or was already used. Start again.',
  unconfirmed: 'Your identity provider did not confirm the sign-in. Start again.',
  refused:
    'Your identity provider signed you in, but there is no active account for you here. Ask an admin of your organization to invite you.',
  seats: 'Your organization has no free seat for a new account. Ask one of its admins.',
  claims:
    'Your identity provider did not send a verified email address and a valid name. Ask an admin of your organization to check its settings.',
  unavailable: 'Single sign-on is not available right now. Try again in a moment.',
};

type Props = { required: boolean; starting: boolean; problem: string | null; onContinue: () => void };

/**
 * "Continue with single sign-on". With single sign-on required it is the form's own button (the
 * form has no password then, and submitting it starts single sign-on).
 */
export function SingleSignOnChoice({ required, starting, problem, onContinue }: Props) {
  return (
    <Stack gap="2" data-testid="login-sso">
      <Text fontSize="sm" color="fg.muted">
        Your organization {required ? 'signs in only' : 'can sign in'} with single sign-on.
      </Text>
      <Button
        type={required ? 'submit' : 'button'}
        colorPalette="brand"
        variant={required ? 'solid' : 'outline'}
        size="lg"
        width="full"
        loading={starting}
        onClick={required ? undefined : onContinue}
        data-testid="login-sso-continue"
      >
        <LuKeyRound aria-hidden />
        Continue with single sign-on
      </Button>
      {problem && (
        <Text role="alert" fontSize="sm" color="fg.error" data-testid="login-sso-problem">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
