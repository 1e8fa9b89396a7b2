import { Button, Card, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryStates } from '@/components/QueryStates';
import {
  usePasswordChangeMutation,
  useSessionEndMutation,
  useSessionListQuery,
  useSessionUserEndMutation,
  useViewerQuery,
  type SessionFieldsFragment,
  type UserErrorFieldsFragment,
} from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import { ChangePasswordForm } from '@/features/twoFactor/components/ChangePasswordForm';
import { OwnSessionList } from '@/features/twoFactor/components/OwnSessionList';
import { TwoFactorSection } from '@/features/twoFactor/components/TwoFactorSection';

const changePasswordSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.changePasswordInput);

// The console's words for a wrong password speak of the email too, which is not asked for here.
const wrongCurrentPassword = (error: UserErrorFieldsFragment): UserErrorFieldsFragment =>
  error.code === 'INVALID_CREDENTIALS'
    ? { code: 'BAD_USER_INPUT', field: 'currentPassword', message: 'The current password is not right' }
    : error;

type Pending = { kind: 'one'; session: SessionFieldsFragment } | { kind: 'others' } | null;

/** Privacy & Setting's "My account" tab: change your own password, and see and end your own sessions. */
export default function TwoFactorView() {
  const { data: viewerData } = useViewerQuery();
  const viewer = viewerData?.viewer;
  const sessions = useSessionListQuery({
    variables: { filter: { userId: viewer?.id, active: true }, page: { offset: 0, limit: 100 } },
    skip: !viewer,
    fetchPolicy: 'cache-and-network',
  });
  const update = { update: (cache: Parameters<typeof dropListPages>[0]) => dropListPages(cache, 'sessions') };
  const [changePassword] = usePasswordChangeMutation(update);
  const [endSession] = useSessionEndMutation(update);
  const [endUserSessions] = useSessionUserEndMutation(update);
  const [pending, setPending] = useState<Pending>(null);

  const kit = useMutationForm({
    schema: changePasswordSchema,
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    call: async (input) => {
      const payload = (await changePassword({ variables: { input } })).data?.changePassword;
      return payload && { ...payload, errors: payload.errors.map(wrongCurrentPassword) };
    },
    onSuccess: (payload) => {
      kit.clear();
      const ended = payload.endedSessionCount;
      toaster.success({
        title: 'Password changed',
        description: ended ? `${ended === 1 ? '1 other session' : `${ended} other sessions`} ended.` : undefined,
        closable: true,
      });
    },
  });

  const live = sessions.data?.sessions.nodes ?? sessions.previousData?.sessions.nodes;
  const others = live?.filter((session) => !session.current).length ?? 0;

  async function confirm() {
    if (!pending || !viewer) return;
    if (pending.kind === 'one') {
      const { data } = await endSession({ variables: { input: { sessionId: pending.session.id } } });
      throwIfRefused(data?.endSession);
    } else {
      const { data } = await endUserSessions({ variables: { input: { userId: viewer.id } } });
      throwIfRefused(data?.endUserSessions);
    }
    toaster.success({ title: pending.kind === 'one' ? 'Session ended' : 'Other sessions ended', closable: true });
  }

  return (
    <Stack gap="8">
      <Card.Root as="section" aria-labelledby="change-password-heading">
        <Card.Body gap="4">
          <Stack gap="1">
            <Heading as="h2" size="lg" id="change-password-heading">
              Password
            </Heading>
            <Text color="fg.muted">Changing your password signs you out everywhere else; you stay signed in here.</Text>
          </Stack>
          {viewer && <ChangePasswordForm email={viewer.email} kit={kit} />}
        </Card.Body>
      </Card.Root>
      <TwoFactorSection />
      <Card.Root as="section" aria-labelledby="own-sessions-heading">
        <Card.Body gap="4">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Stack gap="1">
              <Heading as="h2" size="lg" id="own-sessions-heading">
                Where you are signed in
              </Heading>
              <Text color="fg.muted">End a session you do not recognise; that browser is signed out at once.</Text>
            </Stack>
            {others > 0 && (
              <Button
                variant="outline"
                colorPalette="red"
                onClick={() => setPending({ kind: 'others' })}
                data-testid="end-own-other-sessions"
              >
                End all other sessions
              </Button>
            )}
          </Flex>
          <QueryStates
            data={live}
            error={sessions.error}
            refetch={sessions.refetch}
            errorTitle="Your sessions could not be loaded"
            loadingLabel="Loading your sessions"
            placeholder={
              <>
                <Skeleton height="12" />
                <Skeleton height="12" />
              </>
            }
            inline
            testId="own-sessions"
          >
            {(rows) => <OwnSessionList sessions={rows} onEnd={(session) => setPending({ kind: 'one', session })} />}
          </QueryStates>
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'one' ? 'End this session?' : 'End all your other sessions?'}
        confirmLabel={pending?.kind === 'one' ? 'End session' : 'End sessions'}
        destructive
        onConfirm={confirm}
        onClose={() => setPending(null)}
        testId="end-own-sessions-dialog"
      >
        {pending?.kind === 'one'
          ? 'That browser is signed out at once.'
          : 'Every other browser where you are signed in is signed out at once. You stay signed in here.'}
      </ConfirmDialog>
    </Stack>
  );
}
