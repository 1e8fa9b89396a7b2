import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuLogOut } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable } from '@/components/DataTable';
import { PageHeader } from '@/components/PageHeader';
import {
  SessionListDocument,
  useSessionEndMutation,
  useSessionListQuery,
  useSessionOthersEndMutation,
  useSessionUserEndMutation,
} from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { menuEntryName } from '@/lib/menu';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { SessionFilters } from '@/features/sessions/components/SessionFilters';
import { browserOf, fullName, sessionColumns, type SessionRow } from '@/features/sessions/components/sessionColumns';
import { sessionsEndedMessage } from '@/lib/sessionOutcomes';
import { sessionFilter } from '@/features/sessions/sessionFilter';
import { sessionList } from '@/features/sessions/sessionList';
import { userSessionsPath } from '@/features/sessions/urls';
import { personPath } from '@/features/users/urls';

type Props = {
  /** The organisation whose sessions to show (the provider's organisation tab); the viewer's own when absent. */
  organizationId?: string;
  /** Inside another page (an organisation tab): no page title of its own. */
  embedded?: boolean;
};

type Pending = { kind: 'one'; row: SessionRow } | { kind: 'user'; row: SessionRow } | { kind: 'others' } | null;

/**
 * Sign-in sessions of an organisation's users: who signed in, when, from where and with what, with
 * search, filters, sorting, pages and CSV export on the server; an administrator ends one session,
 * all of one user's, or every session but their own (offered while there is another live one).
 */
export function SessionsScreen({ organizationId, embedded = false }: Props) {
  const list = useListState(sessionList);
  const variables = useMemo(
    () => ({ ...list.variables, filter: sessionFilter(list.filter), organizationId }),
    [list.variables, list.filter, organizationId],
  );
  const { table } = useListQuery(useSessionListQuery, SessionListDocument, { ...list, variables }, (answer) => answer.sessions, {
    fresh: true,
  });
  const [pending, setPending] = useState<Pending>(null);
  // One live session is enough to tell whether any but this browser's is left to end.
  const live = useSessionListQuery({
    variables: { organizationId, filter: { active: true }, page: { offset: 0, limit: 1 } },
    fetchPolicy: 'cache-and-network',
  }).data?.sessions;
  const othersLive = live ? live.totalCount - (live.nodes.some((session) => session.current) ? 1 : 0) > 0 : false;

  const update = { update: (cache: Parameters<typeof dropListPages>[0]) => dropListPages(cache, 'sessions') };
  const [endSession] = useSessionEndMutation(update);
  const [endUserSessions] = useSessionUserEndMutation(update);
  const [endOtherSessions] = useSessionOthersEndMutation(update);

  const columns = useMemo(
    () =>
      sessionColumns({
        onEnd: (row) => setPending({ kind: 'one', row }),
        onEndUser: (row) => setPending({ kind: 'user', row }),
        personHref: (row) => personPath(row.userId, organizationId),
      }),
    [organizationId],
  );

  async function confirm() {
    if (!pending) return;
    let count = 0;
    if (pending.kind === 'one') {
      const { data: result } = await endSession({ variables: { input: { sessionId: pending.row.id, organizationId } } });
      throwIfRefused(result?.endSession);
      count = result?.endSession.endedCount ?? 0;
    } else if (pending.kind === 'user') {
      const { data: result } = await endUserSessions({ variables: { input: { userId: pending.row.userId, organizationId } } });
      throwIfRefused(result?.endUserSessions);
      count = result?.endUserSessions.endedCount ?? 0;
    } else {
      const { data: result } = await endOtherSessions({ variables: { input: { organizationId } } });
      throwIfRefused(result?.endOtherSessions);
      count = result?.endOtherSessions.endedCount ?? 0;
    }
    const person = pending.kind === 'others' ? '' : fullName(pending.row);
    const message =
      pending.kind === 'one'
        ? sessionsEndedMessage({ kind: 'one', person, browser: browserOf(pending.row), count })
        : sessionsEndedMessage(pending.kind === 'user' ? { kind: 'person', person, count } : { kind: 'others', count });
    toaster.success({ ...message, closable: true });
  }

  return (
    <Box data-testid="sessions-screen">
      {!embedded && <PageHeader title={menuEntryName(userSessionsPath)} />}
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="4">
        <Text color="fg.muted" maxW="prose">
          Everyone who signed in to the organization, with where and how. Ending a session signs that browser out at once.
        </Text>
        {othersLive && (
          <Button
            colorPalette="red"
            variant="outline"
            bg="bg"
            onClick={() => setPending({ kind: 'others' })}
            data-testid="end-other-sessions"
          >
            <LuLogOut aria-hidden />
            End all other sessions
          </Button>
        )}
      </Flex>
      <DataTable
        label="Sign-in sessions"
        columns={columns}
        {...table}
        getRowId={(row) => row.id}
        getRowLabel={fullName}
        empty={{ title: 'No sign-ins yet', description: 'Sessions appear here once people of the organization sign in.' }}
        search={{ label: 'Search sessions', placeholder: 'Name, email or IP address' }}
        filters={
          <SessionFilters
            active={list.filter.active}
            startedFrom={list.filter.startedFrom}
            startedTo={list.filter.startedTo}
            onActiveChange={(value) => list.setFilter('active', value)}
            onStartedFromChange={(value) => list.setFilter('startedFrom', value)}
            onStartedToChange={(value) => list.setFilter('startedTo', value)}
          />
        }
        testId="sessions-table"
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'others'
            ? 'End all other sessions?'
            : pending?.kind === 'user'
              ? `End all of ${fullName(pending.row)}’s sessions?`
              : 'End this session?'
        }
        confirmLabel={pending?.kind === 'one' ? 'End session' : 'End sessions'}
        destructive
        onConfirm={confirm}
        onClose={() => setPending(null)}
        testId="end-sessions-dialog"
      >
        {pending?.kind === 'one' && `${fullName(pending.row)} is signed out of that browser at once.`}
        {pending?.kind === 'user' && `Every browser where ${fullName(pending.row)} is signed in is signed out at once, except yours.`}
        {pending?.kind === 'others' && 'Everyone in the organization is signed out at once, except you in this browser.'}
      </ConfirmDialog>
    </Box>
  );
}
