import { Box, Button, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { LuEllipsisVertical, LuLogOut, LuUsers } from 'react-icons/lu';
import type { DataTableColumn } from '@/components/DataTable';
import { RecordLink } from '@/components/RecordLink';
import type { SessionFieldsFragment } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { SESSION_END_REASON_LABELS } from '@/lib/labels';
import { browserOf } from '@/lib/sessionOutcomes';

export type SessionRow = SessionFieldsFragment;

export const fullName = (row: SessionRow) => `${row.userFirstName} ${row.userLastName}`.trim() || row.userEmail;

export { browserOf };

const DEVICE: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', tv: 'TV' };
export const deviceOf = (row: SessionRow) => (row.device ? (DEVICE[row.device] ?? row.device) : 'Unknown');

export const statusOf = (row: SessionRow) =>
  row.active ? 'Active' : row.endedAt ? (SESSION_END_REASON_LABELS[row.endReason ?? ''] ?? 'Ended') : 'Expired';

/** A small coloured label: the current session, or whether a session is live. */
function Tag({ tone, children }: { tone: 'brand' | 'green' | 'gray'; children: string }) {
  return (
    <Text
      as="span"
      display="inline-block"
      px="1.5"
      py="0.5"
      rounded="sm"
      fontSize="xs"
      fontWeight="medium"
      whiteSpace="nowrap"
      colorPalette={tone}
      bg="colorPalette.subtle"
      color="colorPalette.fg"
    >
      {children}
    </Text>
  );
}

type Actions = {
  /** Ends one session; absent where the reader may not end sessions. */
  onEnd?: (row: SessionRow) => void;
  /** Ends every session of the row's user. */
  onEndUser?: (row: SessionRow) => void;
  /** Leaves out the user column (a list of the reader's own sessions). */
  withoutUser?: boolean;
  /** The page of the row's user, linked from their name. */
  personHref?: (row: SessionRow) => string;
};

/** The columns of a sessions table; the ids of sortable ones are the list's sort keys. */
export function sessionColumns({ onEnd, onEndUser, withoutUser = false, personHref }: Actions): DataTableColumn<SessionRow>[] {
  const columns: DataTableColumn<SessionRow>[] = [
    {
      id: 'user',
      header: 'User',
      cell: ({ row }) => (
        <Stack gap="0" minW="40">
          <Text fontWeight="medium">
            {personHref ? (
              <RecordLink to={personHref(row.original)} testId="session-user-open">
                {fullName(row.original)}
              </RecordLink>
            ) : (
              fullName(row.original)
            )}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {row.original.userEmail}
          </Text>
          {row.original.current && (
            <Box mt="1">
              <Tag tone="brand">This session</Tag>
            </Box>
          )}
        </Stack>
      ),
      meta: { csv: (row) => `${fullName(row)} <${row.userEmail}>` },
    },
    {
      id: 'started',
      header: 'Started',
      cell: ({ row }) => <Text whiteSpace="nowrap">{formatDateTime(row.original.startedAt)}</Text>,
      meta: { csv: (row) => formatDateTime(row.startedAt) },
      sortDescFirst: true,
    },
    {
      id: 'lastSeen',
      header: 'Last seen',
      cell: ({ row }) => <Text whiteSpace="nowrap">{formatDateTime(row.original.lastSeenAt)}</Text>,
      meta: { csv: (row) => formatDateTime(row.lastSeenAt) },
      sortDescFirst: true,
    },
    {
      id: 'ended',
      header: 'Ended',
      cell: ({ row }) => (
        <Stack gap="1" align="start">
          {row.original.endedAt && <Text whiteSpace="nowrap">{formatDateTime(row.original.endedAt)}</Text>}
          <Tag tone={row.original.active ? 'green' : 'gray'}>{statusOf(row.original)}</Tag>
        </Stack>
      ),
      meta: { csv: (row) => (row.endedAt ? `${formatDateTime(row.endedAt)} (${statusOf(row)})` : statusOf(row)) },
      sortDescFirst: true,
    },
    { id: 'ip', header: 'IP address', accessorFn: (row) => row.ip ?? '', cell: ({ getValue }) => getValue<string>() || '—' },
    { id: 'browser', header: 'Browser', accessorFn: browserOf },
    { id: 'device', header: 'Device', accessorFn: deviceOf },
  ];
  const visible = withoutUser ? columns.filter((column) => column.id !== 'user') : columns;
  if (!onEnd && !onEndUser) return visible;
  return [
    ...visible,
    {
      id: 'actions',
      header: () => <Box srOnly>Actions</Box>,
      meta: { csv: false },
      cell: ({ row }) => <SessionActions row={row.original} onEnd={onEnd} onEndUser={onEndUser} />,
    },
  ];
}

function SessionActions({ row, onEnd, onEndUser }: { row: SessionRow } & Actions) {
  const canEnd = row.active && !row.current && onEnd;
  if (!onEndUser) {
    return canEnd ? (
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => onEnd(row)} data-testid="end-session">
        <LuLogOut aria-hidden />
        End
      </Button>
    ) : null;
  }
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton size="xs" variant="ghost" aria-label={`Actions for the session of ${fullName(row)}`} data-testid="session-actions">
          <LuEllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60">
            {canEnd && (
              <Menu.Item value="end" onSelect={() => onEnd(row)} data-testid="end-session">
                <LuLogOut aria-hidden />
                End this session
              </Menu.Item>
            )}
            <Menu.Item value="end-user" onSelect={() => onEndUser(row)} data-testid="end-user-sessions">
              <LuUsers aria-hidden />
              End all of {fullName(row)}’s sessions
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
