import { Box, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/dates';
import { describeRequestError } from '@/lib/requestErrors';
import { ProblemNotice } from './ProblemNotice';

type Props = {
  title: string;
  /** What the settings are for, in a sentence. */
  description: string;
  /** When they were last saved, said after the description. */
  updatedAt?: string | null;
  /** Inside another page (an organisation tab, Privacy & Setting): its heading is a section's (h2). */
  embedded?: boolean;
  /** Names the test ids: `<testId>`, `<testId>-loading`. */
  testId: string;
  /** The settings' query: the form shows once they are loaded. */
  loaded: boolean;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** The form, drawn once the settings are loaded. */
  children: ReactNode;
};

/**
 * A settings screen of the kit: its heading and what it is for, when it was last changed, a
 * skeleton while the settings load, and a notice with Try again when they cannot.
 */
export function SettingsPanel({
  title,
  description,
  updatedAt,
  embedded = false,
  testId,
  loaded,
  loading,
  error,
  onRetry,
  children,
}: Props) {
  return (
    <Box data-testid={testId}>
      <Heading as={embedded ? 'h2' : 'h1'} size="md" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted" maxW="prose" mb="5">
        {description}
        {updatedAt && ` Last changed ${formatDateTime(updatedAt)}.`}
      </Text>
      {loaded ? (
        children
      ) : loading ? (
        <Stack gap="4" maxW="xl" data-testid={`${testId}-loading`}>
          <Skeleton height="6" />
          <Skeleton height="10" />
          <Skeleton height="24" />
        </Stack>
      ) : (
        <ProblemNotice
          title={`The ${title.toLowerCase()} could not be loaded`}
          message={describeRequestError(error)}
          actionLabel="Try again"
          onAction={onRetry}
        />
      )}
    </Box>
  );
}
