import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuKeyRound } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useUserTwoFactorResetMutation, type PersonTwoFactorFieldsFragment } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { toastIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';

type Props = {
  /** The person, by id. */
  userId: string;
  /** Their two-factor sign-in as last read. */
  twoFactor: PersonTwoFactorFieldsFragment;
  /** Their name, for the confirmation's words. */
  name: string;
  /** The organisation, when the provider looks at another one's people. */
  organizationId?: string;
};

/**
 * A person's two-factor sign-in as their admin sees it, with its reset for someone who lost their
 * authenticator: asked first, saying what happens; the person's cached details are updated after.
 */
export function TwoFactorResetSection({ userId, twoFactor, name, organizationId }: Props) {
  const [asking, setAsking] = useState(false);
  const [reset] = useUserTwoFactorResetMutation({
    // Whatever shows this person reads the new status from the cache.
    update(cache, { data }) {
      const now = data?.resetUserTwoFactor.twoFactor;
      if (!now) return;
      cache.modify({ id: cache.identify({ __typename: 'User', id: userId }), fields: { twoFactor: (before) => ({ ...before, ...now }) } });
    },
  });

  async function confirm() {
    const answer = (await reset({ variables: { organizationId, input: { userId } } })).data?.resetUserTwoFactor;
    if (!toastIfRefused(answer, 'Two-factor sign-in was not reset')) return;
    toaster.success({
      title: `Two-factor sign-in of ${name} reset`,
      description: 'They set it up again the next time they sign in, if your organization requires it.',
    });
  }

  return (
    <Stack gap="2" data-testid="two-factor-reset">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text data-testid="two-factor-state">
          {twoFactor.enabled ? `Two-factor: on since ${formatDateTime(twoFactor.enabledAt)}` : 'Two-factor: off'}
        </Text>
        {twoFactor.enabled && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setAsking(true)} data-testid="two-factor-reset-open">
            <LuKeyRound aria-hidden />
            Reset two-factor
          </Button>
        )}
      </HStack>
      <ConfirmDialog
        open={asking}
        title="Reset two-factor sign-in?"
        confirmLabel="Reset two-factor"
        destructive
        onClose={() => setAsking(false)}
        onConfirm={confirm}
        testId="two-factor-reset-confirm"
      >
        {`The authenticator app and the recovery codes of ${name} stop working at once. Sessions where they are signed in now go on. The next time they sign in, they set two-factor up again if your organization requires it; otherwise their password alone signs them in until they turn it on again.`}
      </ConfirmDialog>
    </Stack>
  );
}
