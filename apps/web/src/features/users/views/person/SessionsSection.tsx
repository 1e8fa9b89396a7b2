import { Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { QueryStates } from '@/components/QueryStates';
import { useSessionEndMutation, useSessionListQuery, useSessionUserEndMutation } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { throwIfRefused } from '@/lib/payloadErrors';
import { browserOf, sessionsEndedMessage } from '@/lib/sessionOutcomes';
import { toaster } from '@/lib/toaster';
import { PersonPanel, type SectionProps } from './PersonPanel';
import { useChange } from './personChange';

/** Where the person is signed in now: one session or all of them ended from here. */
export function SessionsSection({ person, scope }: SectionProps) {
  const sessions = useSessionListQuery({
    variables: { organizationId: scope.organizationId, filter: { userId: scope.userId, active: true }, page: { offset: 0, limit: 50 } },
    fetchPolicy: 'cache-and-network',
  });
  const refresh = { refetchQueries: ['SessionList', 'AuditLog'], awaitRefetchQueries: true };
  const [endOne] = useSessionEndMutation(refresh);
  const [endAll] = useSessionUserEndMutation(refresh);
  const change = useChange();
  const [confirmingAll, setConfirmingAll] = useState(false);
  return (
    <PersonPanel
      title="Sign-in sessions"
      description="Where this person is signed in now. An ended session must sign in again."
      testId="person-sessions"
    >
      <Stack gap="4">
        {change.problem && <FormAlert message={change.problem} testId="person-sessions-error" />}
        <QueryStates
          data={sessions.data?.sessions.nodes}
          error={sessions.error}
          refetch={sessions.refetch}
          errorTitle="The sessions could not be loaded"
          loadingLabel="Loading the sessions"
          placeholder={<Skeleton height="12" />}
          empty={
            <Text color="fg.muted" data-testid="person-sessions-empty">
              {person.firstName} is not signed in anywhere.
            </Text>
          }
          isEmpty={(rows) => rows.length === 0}
          inline
          testId="person-sessions"
        >
          {(rows) => (
            <>
              <Stack as="ul" gap="2" listStyleType="none">
                {rows.map((session) => (
                  <HStack as="li" key={session.id} justify="space-between" gap="3" wrap="wrap" data-testid="person-session">
                    <Stack gap="0">
                      <Text>
                        {browserOf(session)}
                        {session.ip && (
                          <Text as="span" color="fg.muted">
                            {' '}
                            · {session.ip}
                          </Text>
                        )}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        Signed in {formatDateTime(session.startedAt)}, last seen {formatDateTime(session.lastSeenAt)}
                      </Text>
                    </Stack>
                    {session.current ? (
                      <Text fontSize="sm" color="fg.muted">
                        This browser
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        disabled={change.busy}
                        onClick={() =>
                          void change.run(
                            async () =>
                              (await endOne({ variables: { input: { sessionId: session.id, organizationId: scope.organizationId } } })).data
                                ?.endSession,
                            sessionsEndedMessage({
                              kind: 'one',
                              person: `${person.firstName} ${person.lastName}`,
                              browser: browserOf(session),
                              count: 1,
                            }),
                          )
                        }
                        data-testid="person-session-end"
                      >
                        End session
                      </Button>
                    )}
                  </HStack>
                ))}
              </Stack>
              <Box>
                <Button
                  variant="outline"
                  colorPalette="red"
                  size="sm"
                  onClick={() => setConfirmingAll(true)}
                  data-testid="person-sessions-end-all"
                >
                  End all sessions
                </Button>
              </Box>
            </>
          )}
        </QueryStates>
      </Stack>
      <ConfirmDialog
        open={confirmingAll}
        title="End all sessions?"
        confirmLabel="End all sessions"
        destructive
        onConfirm={async () => {
          const answer = (await endAll({ variables: { input: { userId: scope.userId, organizationId: scope.organizationId } } })).data
            ?.endUserSessions;
          throwIfRefused(answer);
          toaster.success(
            sessionsEndedMessage({ kind: 'person', person: `${person.firstName} ${person.lastName}`, count: answer?.endedCount ?? 0 }),
          );
        }}
        onClose={() => setConfirmingAll(false)}
        testId="person-sessions-dialog"
      >
        Every browser {person.firstName} is signed in on is signed out at its next request.
      </ConfirmDialog>
    </PersonPanel>
  );
}
