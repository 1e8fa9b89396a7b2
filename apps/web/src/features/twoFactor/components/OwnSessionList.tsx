import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { LuLaptop, LuLogOut, LuSmartphone } from 'react-icons/lu';
import type { SessionFieldsFragment } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';

type Props = {
  sessions: readonly SessionFieldsFragment[];
  onEnd: (session: SessionFieldsFragment) => void;
};

const describe = (session: SessionFieldsFragment) =>
  [session.browser, session.operatingSystem].filter(Boolean).join(' on ') || 'Unknown browser';

/** The viewer's live sessions, this one first and marked, each other one with an End button. */
export function OwnSessionList({ sessions, onEnd }: Props) {
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <Stack as="ul" gap="0" borderWidth="1px" rounded="lg" bg="bg" listStyleType="none" data-testid="own-sessions">
      {ordered.map((session) => (
        <Box
          as="li"
          key={session.id}
          display="flex"
          gap="3"
          alignItems="center"
          px="4"
          py="3"
          borderBottomWidth="1px"
          _last={{ borderBottomWidth: 0 }}
          data-testid="own-session"
        >
          <Box color="fg.muted" aria-hidden>
            {session.device === 'mobile' || session.device === 'tablet' ? <LuSmartphone size="20" /> : <LuLaptop size="20" />}
          </Box>
          <Stack gap="0" flex="1" minW="0">
            <Text fontWeight="medium">
              {describe(session)}
              {session.current && (
                <Text
                  as="span"
                  ms="2"
                  px="1.5"
                  py="0.5"
                  rounded="sm"
                  fontSize="xs"
                  colorPalette="brand"
                  bg="colorPalette.subtle"
                  color="colorPalette.fg"
                >
                  This session
                </Text>
              )}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {session.ip ?? 'Unknown address'} · signed in {formatDateTime(session.startedAt)} · last seen{' '}
              {formatDateTime(session.lastSeenAt)}
            </Text>
          </Stack>
          {!session.current && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => onEnd(session)} data-testid="end-own-session">
              <LuLogOut aria-hidden />
              End
            </Button>
          )}
        </Box>
      ))}
    </Stack>
  );
}
